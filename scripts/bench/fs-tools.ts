// fs-tools speed (issue 5): through `toolbox.call`, reading a 100 KB file and listing 1,000 files must each take
// less than 100 ms. The target applies to the median of warm calls, printed with the ratio against plain node:fs
// doing the same job in the same run. The first call of each tool on a fresh Toolbox is printed too, for
// information: it includes the Toolbox compiling the tool's argument validator (a one-time cost of core).
//   node --conditions=@toolwright/source --import tsx scripts/bench/fs-tools.ts   (RUNS=50 by default)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileToolbox, memoryAudit } from '@toolwright/fs-tools';

const runs = Number(process.env.RUNS ?? 50);
const TARGET_MS = 100;

const root = mkdtempSync(join(tmpdir(), 'toolwright-bench-fs-'));
const line = 'The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs.\n';
writeFileSync(join(root, 'big.txt'), line.repeat(Math.ceil(100_000 / line.length)).slice(0, 100_000));
mkdirSync(join(root, 'flat'));
for (let i = 0; i < 1000; i++) writeFileSync(join(root, 'flat', `file-${String(i).padStart(4, '0')}.txt`), 'x');
for (let d = 0; d < 10; d++) {
  mkdirSync(join(root, 'tree', `dir-${d}`, 'nested'), { recursive: true });
  for (let i = 0; i < 100; i++) writeFileSync(join(root, 'tree', `dir-${d}`, i % 2 ? 'nested' : '', `file-${i}.ts`), 'x');
}

// The audit sink is kept (in memory) so its cost is measured; the rate limit would stop a benchmark.
const toolbox = createFileToolbox(root, { audit: memoryAudit(), rateLimit: false });

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function time(job: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await job();
  return performance.now() - started;
}

async function measure(job: () => Promise<unknown>): Promise<{ first: number; median: number }> {
  const first = await time(job);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await time(job));
  return { first, median: median(samples) };
}

async function expectOutput(call: Promise<{ functionResponse: { response: unknown } }>, check: (output: unknown) => boolean) {
  const { functionResponse } = await call;
  const response = functionResponse.response as { output?: unknown; error?: unknown };
  if (!('output' in response) || !check(response.output)) throw new Error(`unexpected answer: ${JSON.stringify(response).slice(0, 300)}`);
}

const cases = [
  {
    name: 'read_file, 100 KB',
    tool: () =>
      expectOutput(toolbox.call({ id: 'r', name: 'read_file', args: { path: 'big.txt' } }), (out) => typeof out === 'string' && out.length === 100_000),
    baseline: async () => new TextDecoder('utf-8', { fatal: true }).decode(await readFile(join(root, 'big.txt'))),
  },
  {
    name: 'list_files, 1,000 files in one folder',
    tool: () =>
      expectOutput(toolbox.call({ id: 'l', name: 'list_files', args: { path: 'flat' } }), (out) => (out as { paths: string[] }).paths.length === 1000),
    baseline: async () => (await readdir(join(root, 'flat'), { withFileTypes: true })).map((entry) => entry.name).sort(),
  },
  {
    name: 'list_files "**/*.ts", 1,000 files in 20 folders',
    tool: () =>
      expectOutput(
        toolbox.call({ id: 'g', name: 'list_files', args: { path: 'tree', pattern: '**/*.ts' } }),
        (out) => (out as { paths: string[] }).paths.length === 1000,
      ),
    baseline: async () => (await readdir(join(root, 'tree'), { recursive: true })).filter((name) => name.endsWith('.ts')).sort(),
  },
];

let failed = false;
console.log(`fs-tools through toolbox.call: median of ${runs} warm calls (and the cold first call); ratio against plain node:fs`);
for (const { name, tool, baseline } of cases) {
  const measured = await measure(tool);
  const base = await measure(baseline);
  const ok = measured.median < TARGET_MS;
  failed ||= !ok;
  console.log(
    `  ${name.padEnd(48)} median ${measured.median.toFixed(2).padStart(6)} ms  (first call ${measured.first.toFixed(1).padStart(6)} ms)` +
      `  (x${(measured.median / base.median).toFixed(1)} node:fs)  target < ${TARGET_MS} ms: ${ok ? 'ok' : 'MISSED'}`,
  );
}
rmSync(root, { recursive: true, force: true });
if (failed) process.exitCode = 1;
