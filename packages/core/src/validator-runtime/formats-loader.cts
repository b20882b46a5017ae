// CommonJS, so that ajv-formats' formats module (CommonJS itself) is evaluated on the first read of a format, not when
// the validator runtime is imported: an ES module's imports all run at load, a `require` inside a function runs when
// called, and a bundler keeps it so (esbuild wraps the required module in a function it calls there).
export function loadFormats(): Record<string, unknown> {
  return (require('ajv-formats/dist/formats.js') as { fullFormats: Record<string, unknown> }).fullFormats;
}
