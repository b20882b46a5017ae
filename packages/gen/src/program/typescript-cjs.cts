// The `typescript` package, required as CommonJS and reached through package.json "imports" (`#typescript`): an ES
// module import would have Node scan its 9 MB for named exports on every run. `module.exports = ts` below names no
// module, so Node's scanner reads nothing more and the ES module side takes the default export. Its code comes from
// the code cache when the CLI turned that on (code-cache.cts).
import type * as TypeScript from 'typescript';
import { requireCached } from './code-cache.cjs';

const ts = requireCached('typescript') as typeof TypeScript;
export = ts;
