// gen-tools at scale: on a synthetic project of 100 files and 1,000 @tool() methods, measures in one run the wall
// time and peak memory of gen-tools (cold), `tsc --noEmit`, and ts-json-schema-generator over the same argument
// types, interleaved, and prints the ratios against the targets (issue 6).
//   node --conditions=@toolwright/source --import tsx scripts/bench/gen-tools/run.ts   (RUNS=3 by default)
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, measureNode, type Measurement } from '../measure.js';
import { writeSyntheticProject } from './synthetic-project.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const runs = Number(process.env.RUNS ?? 3);
const project = join(tmpdir(), 'toolwright-bench-gen-tools');

writeSyntheticProject({ dir: project, files: 100, toolsPerFile: 10 });
mkdirSync(join(project, 'node_modules/@toolwright'), { recursive: true });
symlinkSync(join(root, 'packages/core'), join(project, 'node_modules/@toolwright/core'), 'dir');
execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), 'core', 'gen'], { cwd: root, stdio: 'inherit' });

const out = join(project, 'generated');
const candidates: Record<string, string[]> = {
  'gen-tools (cold)': [
    join(root, 'packages/gen/dist/esm/cli.js'),
    '--project', join(project, 'tsconfig.json'),
    '--out', join(out, 'tools.generated.ts'),
    '--json', join(out, 'tools.json'),
  ],
  'tsc --noEmit': [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', join(project, 'tsconfig.json')],
  'ts-json-schema-generator': [
    join(root, 'node_modules/ts-json-schema-generator/bin/ts-json-schema-generator.js'),
    '--path', join(project, 'src/**/*.ts'), '--type', '*', '--tsconfig', join(project, 'tsconfig.json'),
    '--out', join(out, 'tjsg.json'),
  ],
  'ts-json-schema-generator --no-type-check': [
    join(root, 'node_modules/ts-json-schema-generator/bin/ts-json-schema-generator.js'),
    '--path', join(project, 'src/**/*.ts'), '--type', '*', '--tsconfig', join(project, 'tsconfig.json'),
    '--no-type-check', '--out', join(out, 'tjsg.json'),
  ],
};

const samples: Record<string, Measurement[]> = Object.fromEntries(Object.keys(candidates).map((name) => [name, []]));
for (let run = 0; run < runs; run++) {
  for (const [name, args] of Object.entries(candidates)) {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    samples[name]!.push(measureNode(args, { cwd: project }));
  }
}

const summary = Object.fromEntries(
  Object.entries(samples).map(([name, list]) => [name, { ms: median(list.map((m) => m.ms)), mb: median(list.map((m) => m.peakRssMb)) }]),
);
console.log(`\n1,000 tools in 100 files, median of ${runs} interleaved runs:`);
for (const [name, { ms, mb }] of Object.entries(summary)) console.log(`  ${name.padEnd(42)} ${ms.toFixed(0).padStart(6)} ms  ${mb.toFixed(0).padStart(5)} MB`);

const gen = summary['gen-tools (cold)']!;
const checks: [string, number, number][] = [
  ['gen-tools / tsc --noEmit', gen.ms / summary['tsc --noEmit']!.ms, 0.8],
  ['gen-tools / ts-json-schema-generator', gen.ms / summary['ts-json-schema-generator']!.ms, 0.5],
  ['gen-tools / ts-json-schema-generator --no-type-check', gen.ms / summary['ts-json-schema-generator --no-type-check']!.ms, Number.NaN],
];
let failed = false;
for (const [label, ratio, target] of checks) {
  const verdict = Number.isNaN(target) ? '(reported)' : ratio <= target ? `PASS (<= ${target})` : `FAIL (> ${target})`;
  if (!Number.isNaN(target) && ratio > target) failed = true;
  console.log(`  ${label.padEnd(52)} ${ratio.toFixed(2)}x  ${verdict}`);
}
process.exitCode = failed ? 1 : 0;
