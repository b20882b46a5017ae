// gen-tools at scale: on a synthetic project of 100 files and 1,000 @tool() methods, measures in one run the wall
// time and peak memory of gen-tools (cold, then a second run served by its cache), `tsc --noEmit`, and
// ts-json-schema-generator over the same argument types, interleaved, then the time from an edit to the new output
// in --watch mode, and prints the ratios against the targets (issue 6). Beside them (issue 36): TypeScript 7's
// `tsc --noEmit` and gen's costly stages prototyped on TypeScript 7's native API
// (packages/gen/scripts/native-api-prototype.ts), stage by stage against gen's own phases; gen-tools cold with and
// without the code cache of TypeScript's compiler; CPU time beside wall time; where a cold run's CPU goes; gen-tools
// cold on two threads (--threads 2) against one.
//   node --conditions=@toolwright/source --import tsx scripts/bench/gen-tools/run.ts   (RUNS=5, PAIRS=11 by default)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, measureNode, processCpuMs, type Measurement } from '../measure.js';
import { writeSyntheticProject } from './synthetic-project.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const runs = Number(process.env.RUNS ?? 5);
const project = join(tmpdir(), 'toolwright-bench-gen-tools');

// The same project with one more tool, which takes a URL: gen-tools leaves TypeScript's DOM lib files out of a
// program its tools cannot reach them from (packages/gen/src/program/host-libs.ts); here they reach it.
const domProject = join(tmpdir(), 'toolwright-bench-gen-tools-dom');
for (const [dir, domTool] of [
  [project, false],
  [domProject, true],
] as const) {
  writeSyntheticProject({ dir, files: 100, toolsPerFile: 10, domTool });
  mkdirSync(join(dir, 'node_modules/@toolwright'), { recursive: true });
  symlinkSync(join(root, 'packages/core'), join(dir, 'node_modules/@toolwright/core'), 'dir');
}
execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), 'core', 'gen'], { cwd: root, stdio: 'inherit' });

// TypeScript 7, a dev dependency of gen under the name typescript7 (the workspace's own TypeScript stays 6).
const typescript7 = join(root, 'packages/gen/node_modules/typescript7');
// The prototype compiled to one JavaScript module under gen's node_modules (where TypeScript 7 is found, and which
// no package holds), so that no TypeScript loader counts in its process's time, as none counts in gen-tools' or tsc's.
const prototype = join(root, 'packages/gen/node_modules/.cache/toolwright-bench/native-api-prototype.mjs');
buildSync({
  entryPoints: [join(root, 'packages/gen/scripts/native-api-prototype.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  external: ['typescript7'],
  outfile: prototype,
  logLevel: 'warning',
});
const floor = join(root, 'scripts/bench/gen-tools/native-api-floor.mjs');
// tsx as a URL, for the bench's own TypeScript scripts run in the bench project, where no tsx can be found by name.
const tsx = import.meta.resolve('tsx');

const out = join(project, 'generated');
const cacheDir = join(project, 'gen-cache');
const genArgs = [
  join(root, 'packages/gen/dist/esm/cli.js'),
  '--project',
  join(project, 'tsconfig.json'),
  '--out',
  join(out, 'tools.generated.ts'),
  '--json',
  join(out, 'tools.json'),
  // 1,000 tools: more than one Gemini request takes, as a project that binds them in several Toolboxes has.
  '--max-tools',
  '1000',
  '--cache-dir',
  cacheDir,
];

// The diagnostics of the project, once (the bench runs print none). This run also leaves the code cache of
// TypeScript's compiler (packages/gen/src/program/code-cache.cts), as any earlier run on the machine would.
const once = spawnSync(
  process.execPath,
  [...genArgs, '--no-cache'].filter((arg) => arg !== '--cache-dir' && arg !== cacheDir),
  { cwd: project, encoding: 'utf8' },
);
const warnings = once.stderr.split('\n').filter((line) => line.includes(': warning: '));
console.log(
  `\ngen-tools diagnostics on the synthetic project: ${warnings.length} ` +
    `warning(s)${warnings.length ? `:\n  ${warnings.join('\n  ')}` : ''}`,
);

// ts-json-schema-generator on every type of the project, with and without its type check.
const tjsg = [
  join(root, 'node_modules/ts-json-schema-generator/bin/ts-json-schema-generator.js'),
  ...['--path', join(project, 'src/**/*.ts'), '--type', '*', '--tsconfig', join(project, 'tsconfig.json')],
];
const candidates: Record<string, string[]> = {
  // Cold: no cache (it is removed before the run), so the run reads the project and writes the cache.
  'gen-tools (cold)': genArgs,
  // The same read on two threads (packages/gen/src/shard/: --threads 2, the files split in two even halves, see the
  // environment below): what a second thread brings, in the same run.
  'gen-tools (cold, two threads)': [...genArgs, '--threads', '2'],
  // Cold as on a machine where gen-tools never ran: TypeScript's compiler compiled from its source, as tsc's is on
  // Node 20 (tsc keeps Node's compile cache on Node 22.1+; gen-tools keeps its own on every Node).
  'gen-tools (cold, no code cache)': genArgs,
  // The same command again with nothing changed: served by the cache the cold run just wrote.
  'gen-tools (second run, cache)': genArgs,
  // Reported, not judged: the cost of a project whose tools need the DOM lib.
  'gen-tools (cold, one more tool takes a URL)': [
    join(root, 'packages/gen/dist/esm/cli.js'),
    '--project',
    join(domProject, 'tsconfig.json'),
    '--out',
    join(domProject, 'generated/tools.generated.ts'),
    '--max-tools',
    '1001',
    '--no-cache',
  ],
  // The floor under gen-tools cold: its start, TypeScript loaded, the program built and its checker made, nothing
  // asked (reading-alone.mjs). What a cold run costs above it is finding, describing and writing the tools.
  'gen-tools reading alone (program and checker, no question)': [
    join(root, 'scripts/bench/gen-tools/reading-alone.mjs'),
    join(project, 'tsconfig.json'),
  ],
  'tsc --noEmit': [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', join(project, 'tsconfig.json')],
  'tsc --noEmit (TypeScript 7)': [join(typescript7, 'bin/tsc'), '--noEmit', '-p', join(project, 'tsconfig.json')],
  'native API prototype (TypeScript 7)': [prototype, join(project, 'tsconfig.json')],
  // The floor under any gen on TypeScript 7's API (native-api-floor.mjs): Node started, the API loaded and the
  // project opened (tsgo parses and binds it), then also its files fetched as syntax trees; no question asked.
  'native API floor (TypeScript 7): project opened': [floor, join(project, 'tsconfig.json'), 'open'],
  'native API floor (TypeScript 7): and its files fetched': [floor, join(project, 'tsconfig.json'), 'files'],
  // The same with the lib files gen would keep (the DOM lib left out), through a rewritten tsconfig.
  'native API prototype (TypeScript 7), no DOM lib': [prototype, join(project, 'tsconfig.json'), '--lib', 'es2022'],
  'ts-json-schema-generator': [...tjsg, '--out', join(out, 'tjsg.json')],
  'ts-json-schema-generator --no-type-check': [...tjsg, '--no-type-check', '--out', join(out, 'tjsg.json')],
};

/** The outputs gen-tools wrote in `out`, by file name. */
function generatedOutputs(): Record<string, string> {
  return Object.fromEntries(
    ['tools.generated.ts', 'tools.json'].map((file) => [file, readFileSync(join(out, file), 'utf8')]),
  );
}

/** The two-thread run wrote byte for byte what one thread wrote in the same round (the run stops otherwise). */
function sameAsOneThread(twoThreads: Record<string, string>, oneThread: Record<string, string>): void {
  for (const [file, text] of Object.entries(twoThreads)) {
    if (text !== oneThread[file]) throw new Error(`gen-tools --threads 2 wrote another ${file} than one thread`);
  }
}

let oneThreadOutputs: Record<string, string> = {};
const loadAtStart = loadavg()[0]!.toFixed(1);
const samples: Record<string, Measurement[]> = Object.fromEntries(Object.keys(candidates).map((name) => [name, []]));
for (let run = 0; run < runs; run++) {
  for (const [name, args] of Object.entries(candidates)) {
    prepare(name);
    // gen-tools cold prints the time of each of its phases (TOOLWRIGHT_GEN_TIMING), for the stage table.
    const env =
      name === 'gen-tools (cold)'
        ? { TOOLWRIGHT_GEN_TIMING: '1' }
        : name === 'gen-tools (cold, two threads)'
          ? // The bench's 808 KB are under the 1 MB gen splits from: split them anyway, in even halves.
            { TOOLWRIGHT_GEN_TIMING: '1', TOOLWRIGHT_GEN_SHARD_BYTES: '0' }
          : name === 'gen-tools (cold, no code cache)'
            ? { NODE_DISABLE_COMPILE_CACHE: '1' }
            : {};
    samples[name]!.push(measureNode(args, { cwd: project, env }));
    if (name === 'gen-tools (cold)') oneThreadOutputs = generatedOutputs();
    if (name === 'gen-tools (cold, two threads)') sameAsOneThread(generatedOutputs(), oneThreadOutputs);
  }
}

/**
 * Before a candidate runs: no outputs (every run but the second writes them anew), and no cache for a cold one. The
 * judged pairs below prepare alike.
 */
function prepare(name: string): void {
  if (name !== 'gen-tools (second run, cache)') {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
  }
  if (name.startsWith('gen-tools (cold')) rmSync(cacheDir, { recursive: true, force: true });
}

const summary = Object.fromEntries(
  Object.entries(samples).map(([name, list]) => [
    name,
    {
      ms: median(list.map((m) => m.ms)),
      cpuMs: list.every((m) => m.cpuMs !== undefined) ? median(list.map((m) => m.cpuMs!)) : Number.NaN,
      mb: list.some((m) => Number.isNaN(m.peakRssMb)) ? Number.NaN : median(list.map((m) => m.peakRssMb)),
    },
  ]),
);
console.log(`\n1,000 tools in 100 files, median of ${runs} interleaved runs (wall, CPU on all cores, peak memory):`);
console.log(
  `  (load average at the start ${loadAtStart}, at the end ${loadavg()[0]!.toFixed(1)}, ${availableParallelism()} cores)`,
);
for (const [name, { ms, cpuMs, mb }] of Object.entries(summary)) {
  const cpu = Number.isNaN(cpuMs) ? '' : `${cpuMs.toFixed(0).padStart(6)} ms CPU`;
  const memory = Number.isNaN(mb) ? '' : `${mb.toFixed(0).padStart(5)} MB`;
  console.log(`  ${name.padEnd(48)} ${ms.toFixed(0).padStart(6)} ms  ${cpu}  ${memory}`);
}

// The judged ratio, gen-tools cold against tsc --noEmit, from rounds of those two alone, each round's pair run back
// to back (in turn gen first and tsc first): the machine's speed drifts by a quarter between runs here, and a ratio
// of two medians taken minutes apart among the other candidates moved by 0.1 from one bench to the next, where
// the pairs' ratio holds.
const pairs = Number(process.env.PAIRS ?? 11);
const pairRatios: { wall: number; cpu: number }[] = [];
const measureAlone = (name: string): Measurement => {
  prepare(name);
  return measureNode(candidates[name]!, { cwd: project });
};
for (let round = 0; round < pairs; round++) {
  let genRun: Measurement;
  let tscRun: Measurement;
  if (round % 2 === 0) {
    genRun = measureAlone('gen-tools (cold)');
    tscRun = measureAlone('tsc --noEmit');
  } else {
    tscRun = measureAlone('tsc --noEmit');
    genRun = measureAlone('gen-tools (cold)');
  }
  pairRatios.push({ wall: genRun.ms / tscRun.ms, cpu: (genRun.cpuMs ?? Number.NaN) / (tscRun.cpuMs ?? Number.NaN) });
}
const pairWall = pairRatios.map((pair) => pair.wall).sort((a, b) => a - b);
const pairCpu = pairRatios.map((pair) => pair.cpu).sort((a, b) => a - b);
const quartiles = (sorted: number[]) =>
  `${sorted[Math.floor((sorted.length - 1) / 4)]!.toFixed(2)} to ${sorted[Math.ceil((3 * (sorted.length - 1)) / 4)]!.toFixed(2)}`;
console.log(
  `\ngen-tools cold / tsc --noEmit in ${pairs} back-to-back pairs: wall ${median(pairWall).toFixed(2)}x (middle half ` +
    `${quartiles(pairWall)}, all ${pairWall[0]!.toFixed(2)} to ${pairWall.at(-1)!.toFixed(2)}), CPU ` +
    `${median(pairCpu).toFixed(2)}x (middle half ${quartiles(pairCpu)})`,
);

const oneThreadPhases = genPhases();
const twoThreadPhases = genPhases('gen-tools (cold, two threads)');
printStages();

const watch = await watchLatency();
console.log(
  `  gen-tools --watch, edit of one file to new output  ${watch.oneFile.toFixed(0).padStart(6)} ms  (median ` +
    `of ${watch.runs}; the watching process's CPU for it: ${watch.oneFileCpu.toFixed(0)} ms)`,
);
console.log(
  `  gen-tools --watch, edit of the shared types file     ${watch.shared.toFixed(0).padStart(6)} ms  (every ` +
    'tool depends on it; reported)',
);

const gen = summary['gen-tools (cold)']!;
const reading = summary['gen-tools reading alone (program and checker, no question)']!;
const tsc = summary['tsc --noEmit']!;
const tsc7 = summary['tsc --noEmit (TypeScript 7)']!;
const checks: [string, number, number][] = [
  ['gen-tools cold / second run (cache)', gen.ms / summary['gen-tools (second run, cache)']!.ms, Number.NaN],
  ['gen-tools second run (cache) / cold', summary['gen-tools (second run, cache)']!.ms / gen.ms, 1 / 3],
  ['gen-tools --watch one-file edit (ms / 200 ms)', watch.oneFile / 200, 1],
  ['gen-tools / tsc --noEmit, back-to-back pairs (median)', median(pairWall), 0.5],
  ['gen-tools / tsc --noEmit, medians of the interleaved runs', gen.ms / tsc.ms, Number.NaN],
  ['gen-tools reading alone / tsc --noEmit', reading.ms / tsc.ms, Number.NaN],
  ['gen-tools, two threads / tsc --noEmit', summary['gen-tools (cold, two threads)']!.ms / tsc.ms, Number.NaN],
  ['gen-tools, two threads / one thread', summary['gen-tools (cold, two threads)']!.ms / gen.ms, Number.NaN],
  ['CPU: gen-tools, two threads / one thread', summary['gen-tools (cold, two threads)']!.cpuMs / gen.cpuMs, Number.NaN],
  // The render after the join of the shards' tools against the render after one thread's reading (the main thread).
  ['render after two threads / after one', twoThreadPhases.render!.ms / oneThreadPhases.render!.ms, Number.NaN],
  ...(oneThreadPhases.render!.cpuMs !== undefined && twoThreadPhases.render!.cpuMs !== undefined
    ? [
        [
          'thread CPU: render after two threads / after one',
          twoThreadPhases.render!.cpuMs / oneThreadPhases.render!.cpuMs,
          Number.NaN,
        ] as [string, number, number],
      ]
    : []),
  ['gen-tools, no code cache / tsc --noEmit', summary['gen-tools (cold, no code cache)']!.ms / tsc.ms, Number.NaN],
  // The same ratios in CPU time, which the load of a shared machine disturbs less than wall time.
  ['CPU: gen-tools / tsc --noEmit', gen.cpuMs / tsc.cpuMs, Number.NaN],
  [
    'CPU: gen-tools, no code cache / tsc --noEmit',
    summary['gen-tools (cold, no code cache)']!.cpuMs / tsc.cpuMs,
    Number.NaN,
  ],
  ['CPU: gen-tools / tsc --noEmit (TypeScript 7)', gen.cpuMs / tsc7.cpuMs, Number.NaN],
  ['gen-tools / tsc --noEmit (TypeScript 7)', gen.ms / tsc7.ms, 1],
  [
    'native API prototype (process) / tsc --noEmit (TypeScript 7)',
    summary['native API prototype (TypeScript 7)']!.ms / tsc7.ms,
    Number.NaN,
  ],
  [
    'native API prototype (its stages) / tsc --noEmit (TypeScript 7)',
    prototypeStages()['total (in process)']! / tsc7.ms,
    Number.NaN,
  ],
  [
    'native API prototype, no DOM lib (its stages) / tsc --noEmit (TypeScript 7)',
    prototypeStages('native API prototype (TypeScript 7), no DOM lib')['total (in process)']! / tsc7.ms,
    Number.NaN,
  ],
  [
    'native API floor, project opened / tsc --noEmit (TypeScript 7)',
    summary['native API floor (TypeScript 7): project opened']!.ms / tsc7.ms,
    Number.NaN,
  ],
  [
    'native API floor, files fetched / tsc --noEmit (TypeScript 7)',
    summary['native API floor (TypeScript 7): and its files fetched']!.ms / tsc7.ms,
    Number.NaN,
  ],
  ['gen-tools / ts-json-schema-generator', gen.ms / summary['ts-json-schema-generator']!.ms, 0.5],
  [
    'gen-tools / ts-json-schema-generator --no-type-check',
    gen.ms / summary['ts-json-schema-generator --no-type-check']!.ms,
    Number.NaN,
  ],
  [
    'gen-tools with the DOM lib (a tool takes a URL) / tsc --noEmit',
    summary['gen-tools (cold, one more tool takes a URL)']!.ms / tsc.ms,
    Number.NaN,
  ],
  [
    'gen-tools with the DOM lib / ts-json-schema-generator',
    summary['gen-tools (cold, one more tool takes a URL)']!.ms / summary['ts-json-schema-generator']!.ms,
    Number.NaN,
  ],
];
let failed = false;
for (const [label, ratio, target] of checks) {
  const verdict = Number.isNaN(target)
    ? '(reported)'
    : ratio <= target
      ? `PASS (<= ${+target.toFixed(2)})`
      : `FAIL (> ${+target.toFixed(2)})`;
  if (!Number.isNaN(target) && ratio > target) failed = true;
  console.log(`  ${label.padEnd(62)} ${ratio.toFixed(2)}x  ${verdict}`);
}
console.log(
  `  gen-tools cold above its reading: ${(gen.ms - reading.ms).toFixed(0)} ms wall, ` +
    `${(gen.cpuMs - reading.cpuMs).toFixed(0)} ms CPU for 1,000 tools; ` +
    `0.5x of tsc --noEmit leaves ${(0.5 * tsc.ms - reading.ms).toFixed(0)} ms wall for them`,
);
// Issue 36, item 2: a gen on TypeScript 7's API pays at least the floor with the files fetched and the writing of the
// same outputs (gen's render phase, JavaScript whatever compiler read the types), before finding or describing a tool.
const floorWithRender =
  summary['native API floor (TypeScript 7): and its files fetched']!.ms + oneThreadPhases.render!.ms;
console.log(
  `  a gen on TypeScript 7's API at least: the floor with its files and gen's render, ${floorWithRender.toFixed(0)} ms, ` +
    `${(floorWithRender / tsc7.ms).toFixed(2)}x of TypeScript 7's tsc --noEmit before describing any tool`,
);
process.exitCode = failed ? 1 : 0;

/** The median time of each stage the native API prototype printed (one JSON line per run). */
function prototypeStages(name = 'native API prototype (TypeScript 7)'): Record<string, number> {
  const runs = samples[name]!.map((sample) => (JSON.parse(sample.stdout) as { times: Record<string, number> }).times);
  return Object.fromEntries(Object.keys(runs[0]!).map((stage) => [stage, median(runs.map((times) => times[stage]!))]));
}

/**
 * The median time of each phase gen-tools cold printed (`gen-tools: <phase> <n> ms` on stderr), and of the main
 * thread's CPU in it where the run's Node tells it (`, thread CPU <n> ms`: Node 23.9+).
 */
function genPhases(name = 'gen-tools (cold)'): Record<string, { ms: number; cpuMs?: number }> {
  const runs = samples[name]!.map((sample) =>
    Object.fromEntries(
      [...sample.stderr.matchAll(/^gen-tools: (.+?) (\d+) ms(?:, thread CPU (\d+) ms)?$/gm)].map(
        ([, phase, ms, cpuMs]) => [phase!, { ms: Number(ms), cpuMs: cpuMs === undefined ? undefined : Number(cpuMs) }],
      ),
    ),
  );
  return Object.fromEntries(
    Object.keys(runs[0]!).map((phase) => {
      const cpu = runs.map((times) => times[phase]?.cpuMs);
      return [
        phase,
        {
          ms: median(runs.map((times) => times[phase]?.ms ?? 0)),
          ...(cpu.every((ms) => ms !== undefined) ? { cpuMs: median(cpu as number[]) } : {}),
        },
      ];
    }),
  );
}

/** gen's phases on TypeScript 6 beside the prototype's stages on TypeScript 7, and the prototype's one-file edit. */
function printStages(): void {
  console.log('\nWhere the time goes (median ms; gen-tools cold on TypeScript 6, the prototype on TypeScript 7):');
  const cpu = (cpuMs: number | undefined) => (cpuMs === undefined ? '' : `  (thread CPU ${cpuMs})`);
  for (const [phase, { ms, cpuMs }] of Object.entries(oneThreadPhases))
    console.log(`  gen-tools: ${phase.padEnd(44)} ${String(ms).padStart(6)}${cpu(cpuMs)}`);
  for (const [phase, { ms, cpuMs }] of Object.entries(twoThreadPhases))
    console.log(`  gen-tools, two threads: ${phase.padEnd(31)} ${String(ms).padStart(6)}${cpu(cpuMs)}`);
  for (const [stage, ms] of Object.entries(prototypeStages()))
    console.log(`  native API prototype: ${stage.padEnd(33)} ${String(ms).padStart(6)}`);
  const edited = spawnSync(
    process.execPath,
    [prototype, join(project, 'tsconfig.json'), '--watch-file', join(project, 'src/service5.ts')],
    { cwd: project, encoding: 'utf8' },
  );
  if (edited.status !== 0) throw new Error(`the prototype failed:\n${edited.stderr}`);
  const { times } = JSON.parse(edited.stdout) as { times: Record<string, number> };
  console.log(`  native API prototype: one-file edit, new snapshot, file described again ${times['one-file edit']} ms`);
  printJsDocParse();
  printCpuProfile();
  printRenderAfterJoin();
}

/** The render of the same tools as described and as shards send them (render-after-join.mjs), in one process. */
function printRenderAfterJoin(): void {
  const rounds = Math.max(runs, 5);
  const run = spawnSync(
    process.execPath,
    [join(root, 'scripts/bench/gen-tools/render-after-join.mjs'), join(project, 'tsconfig.json'), String(rounds)],
    { cwd: root, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`render-after-join.mjs failed:\n${run.stderr}`);
  const { medians, sameText, threadCpu } = JSON.parse(run.stdout) as {
    medians: Record<string, number>;
    sameText: boolean;
    threadCpu: boolean;
  };
  if (!sameText) throw new Error('render-after-join.mjs: the tools as shards send them rendered another text');
  const [base, ...others] = Object.entries(medians);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `  render of the 1,000 tools in one process (${threadCpu ? "the thread's" : "the process's"} CPU, median of ` +
      `${rounds} rounds): ${base![0]} ${ms(base![1])}; ` +
      others.map(([way, value]) => `${way} ${ms(value)} (${(value / base![1]).toFixed(2)}x)`).join('; '),
  );
}

/**
 * Where a cold run's time goes, from CPU profiles (cpu-profile.ts). The profiler counts the main thread's time from
 * sample to sample, so a loaded machine stretches every part: the shares are the figures to read.
 */
function printCpuProfile(): void {
  const script = join(root, 'scripts/bench/gen-tools/cpu-profile.ts');
  const profiled = spawnSync(
    process.execPath,
    ['--import', tsx, script, String(Math.min(runs, 3)), ...genArgs, '--no-cache'].filter(
      (arg) => arg !== '--cache-dir' && arg !== cacheDir,
    ),
    { cwd: project, encoding: 'utf8' },
  );
  if (profiled.status !== 0) throw new Error(`cpu-profile.ts failed:\n${profiled.stderr}`);
  const {
    runs: profiledRuns,
    parts,
    total,
  } = JSON.parse(profiled.stdout) as {
    runs: number;
    parts: Record<string, number>;
    total: number;
  };
  console.log(`  gen-tools cold, CPU profile (mean of ${profiledRuns} runs, main thread, ${total} ms):`);
  for (const [part, ms] of Object.entries(parts))
    console.log(`    ${part.padEnd(56)} ${String(ms).padStart(6)} ms  ${((100 * ms) / total).toFixed(0).padStart(3)}%`);
}

/** What parsing the project's JSDoc costs (jsdoc-parse.ts): fresh processes, then warm passes. */
function printJsDocParse(): void {
  const script = join(root, 'scripts/bench/gen-tools/jsdoc-parse.ts');
  const parse = (...args: string[]) => {
    const run = spawnSync(process.execPath, ['--import', tsx, script, join(project, 'src'), ...args], {
      cwd: root,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`jsdoc-parse.ts failed:\n${run.stderr}`);
    return JSON.parse(run.stdout) as Record<string, number>;
  };
  const fresh = { all: [] as number[], none: [] as number[] };
  for (let i = 0; i < runs; i++) for (const mode of ['all', 'none'] as const) fresh[mode].push(parse(mode).cpuMs!);
  const warm = parse();
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  console.log(
    `  TypeScript 6's parse of the project's files, CPU: with JSDoc ${ms(median(fresh.all))}, without ` +
      `${ms(median(fresh.none))} (fresh process, median of ${runs}); warm ${ms(warm.all!)} and ${ms(warm.none!)}`,
  );
}

/**
 * Starts `gen-tools --watch`, then edits one service file several times (and the shared types file once), each time
 * measuring from the write to the moment the output holds the edit.
 */
async function watchLatency(): Promise<{ oneFile: number; oneFileCpu: number; shared: number; runs: number }> {
  const outFile = join(out, 'tools.generated.ts');
  const child = spawn(process.execPath, [...genArgs, '--watch'], { cwd: project, stdio: ['ignore', 'pipe', 'ignore'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const until = async (done: () => boolean): Promise<void> => {
    for (const started = performance.now(); !done(); ) {
      if (performance.now() - started > 30_000) throw new Error(`--watch did not answer:\n${stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
  const contains = (text: string) => () => {
    try {
      return readFileSync(outFile, 'utf8').includes(text);
    } catch {
      return false;
    }
  };
  try {
    await until(() => stdout.includes('\n'));
    const file = join(project, 'src/service5.ts');
    const original = readFileSync(file, 'utf8');
    const times: number[] = [];
    const cpuTimes: number[] = [];
    const runs = 7;
    for (let i = 0; i < runs; i++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const marker = `Moves customer 5/0, edit ${i},`;
      const cpuBefore = processCpuMs(child.pid!);
      const started = performance.now();
      writeFileSync(file, original.replace('Moves customer 5/0', marker));
      await until(contains(marker));
      times.push(performance.now() - started);
      // The run may still be writing its cache after the output holds the edit.
      await new Promise((resolve) => setTimeout(resolve, 150));
      const cpuAfter = processCpuMs(child.pid!);
      if (cpuBefore !== undefined && cpuAfter !== undefined) cpuTimes.push(cpuAfter - cpuBefore);
    }
    writeFileSync(file, original);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sharedFile = join(project, 'src/shared.ts');
    const sharedText = readFileSync(sharedFile, 'utf8');
    const started = performance.now();
    writeFileSync(sharedFile, sharedText.replace('/** Street and number. */', '/** Street, number and floor. */'));
    await until(contains('Street, number and floor.'));
    const shared = performance.now() - started;
    writeFileSync(sharedFile, sharedText);
    return { oneFile: median(times), oneFileCpu: cpuTimes.length ? median(cpuTimes) : Number.NaN, shared, runs };
  } finally {
    child.kill('SIGINT');
  }
}
