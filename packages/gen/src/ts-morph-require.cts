// ts-morph and @ts-morph/common are CommonJS. Imported by an ES module, Node scans their text for named exports
// (cjs-module-lexer, following re-exports) and checks it for module syntax before running it: about 200 ms of
// every gen-tools run. Imported through this CommonJS file (package.json "imports" maps '#ts-morph' here outside
// the source condition), ts-morph loads as plain CommonJS. The export is opaque to the lexer on purpose (not
// `module.exports = require(...)`, which it would follow): ts-morph.ts takes it as the default export.
const tsMorph = require('ts-morph');
module.exports = tsMorph;
