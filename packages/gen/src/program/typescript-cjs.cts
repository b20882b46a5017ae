// The `typescript` package, required as CommonJS and reached through package.json "imports" (`#typescript`): an ES
// module import would have Node scan its 9 MB for named exports on every run. `module.exports = ts` below names no
// module, so Node's scanner reads nothing more and the ES module side takes the default export.
import type * as TypeScript from 'typescript';

const ts: typeof TypeScript = require('typescript');
export = ts;
