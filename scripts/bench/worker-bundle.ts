// The size of a worker as deployed: examples/edge-worker (core + genai + @google/genai + a 10-tool manifest with
// precompiled validators) bundled by esbuild, minified, with the conditions edge runtimes use; what takes the bytes
// comes from esbuild's metafile. Cloudflare's free plan takes workers up to 3 MB gzipped; the target here is
// <= 1 MB gzipped, with the bundle of @google/genai alone (the least a Gemini worker ships) printed beside it.
// class-transformer and class-validator are installed in this workspace: a worker whose tools take no DTO class must
// not carry them (core does not import them where a bundler sees it; a manifest module with DTO tools does).
// Run: node --conditions=@toolwright/source --import tsx scripts/bench/worker-bundle.ts
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bundleWorker, largestInputs } from '../../examples/edge-worker/bundle.js';

const TARGET_GZIP_BYTES = 1024 * 1024;
const here = dirname(fileURLToPath(import.meta.url));
const example = join(here, '../../examples/edge-worker');
const dir = mkdtempSync(join(example, 'test/.bundle-'));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = (file: string) => gzipSync(readFileSync(file)).length;

try {
  // The packages as published (their built dist, what a user's bundler reads), not their sources: a bundler can drop
  // less from a built entry, and that is what users ship.
  const published = { fromSource: false };
  const worker = await bundleWorker(join(example, 'src/worker.ts'), join(dir, 'worker.js'), published);
  // The baseline: a worker that only makes a GoogleGenAI client and calls generateContent.
  const bare = join(dir, 'bare.ts');
  writeFileSync(
    bare,
    `import { GoogleGenAI } from '@google/genai';
export default { async fetch(request: Request) {
  const ai = new GoogleGenAI({ apiKey: 'key' });
  const reply = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: await request.text() });
  return new Response(reply.text);
} };
`,
  );
  const baseline = await bundleWorker(bare, join(dir, 'bare.js'), published);
  const size = gzipped(worker.file);
  console.log(`examples/edge-worker bundled (esbuild, minified): ${kb(worker.bytes)}, ${kb(size)} gzipped`);
  console.log(`baseline, @google/genai alone: ${kb(baseline.bytes)}, ${kb(gzipped(baseline.file))} gzipped`);
  console.log('largest parts (minified bytes in the bundle):');
  for (const { name, bytes } of largestInputs(worker.metafile))
    console.log(`  ${name.padEnd(40)} ${kb(bytes).padStart(10)}`);
  const pass = size <= TARGET_GZIP_BYTES;
  console.log(`target: <= ${kb(TARGET_GZIP_BYTES)} gzipped`);
  console.log(pass ? 'PASS' : 'FAIL');
  if (!pass) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
