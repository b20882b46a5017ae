// CommonJS, so that re2js (264 KB; 10 to 20 ms to load on Node 20) is loaded on the first pattern compiled, not when
// linear-regexp is imported: gen-tools and connectMcp import it to check patterns that most projects and servers do
// not have. A `require` inside a function runs when called, and a bundler keeps it so (esbuild wraps the required
// module in a function it calls there), as formats-loader.cts does for ajv-formats.
// Untyped here: linear-regexp.ts names re2js's types as its build resolves them (ES module or CommonJS ones, which
// TypeScript keeps apart).
export function loadRe2js(): unknown {
  return (require('re2js') as { RE2JS: unknown }).RE2JS;
}
