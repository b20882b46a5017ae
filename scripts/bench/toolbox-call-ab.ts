// toolbox.call of core as it is in the working tree (B) against core at a git ref (A), in the same processes: the
// toolbox-call bench's setup (toolbox-call-setup.ts) is bundled once per copy of core, so each side has its own code
// and its own JIT feedback, and their batches alternate round by round with the hand-written baseline's. A lever of a
// few percent shows here; between separate runs of toolbox-call, which differ by up to a tenth from one process to
// the next, it does not. Prints B/A per round (median, each process and the median over them), for the Toolbox that
// validates at run time and for the one with gen-tools --validators' checker, and each side against the baseline.
// Bundled as a package's ESM entry is published (no names kept, see docs/performance.md on toolbox.call).
// Run: node --import tsx scripts/bench/toolbox-call-ab.ts <git ref, default HEAD> [processes, default 5]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const BATCH = 10_000;
const ROUNDS = Number(process.env.ROUNDS ?? 60);
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');

type Side = typeof import('./toolbox-call-setup.js');
const SIDES = ['baseline', 'A', 'B', 'precompiledA', 'precompiledB'] as const;
type Figures = Record<'BvsA' | 'precompiledBvsA' | 'AvsBaseline' | 'BvsBaseline', number>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Resolves `@toolwright/core` and its subpaths to the sources of the copy of core in `coreDir`. */
function coreAt(coreDir: string): Plugin {
  const { exports } = JSON.parse(readFileSync(join(coreDir, 'package.json'), 'utf8')) as {
    exports: Record<string, { '@toolwright/source'?: string }>;
  };
  return {
    name: 'core-at',
    setup(bundle) {
      bundle.onResolve({ filter: /^@toolwright\/core(\/|$)/ }, (args) => {
        const source = exports[`.${args.path.slice('@toolwright/core'.length)}`]?.['@toolwright/source'];
        if (!source) throw new Error(`no source export for ${args.path}`);
        return { path: join(coreDir, source) };
      });
    },
  };
}

async function bundle(coreDir: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [join(here, 'toolbox-call-setup.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // `#validator-compiler` is read from the copy's package.json, under the condition that names its sources.
    conditions: ['@toolwright/source'],
    plugins: [coreAt(coreDir)],
    outfile,
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
}

async function measure(fileA: string, fileB: string): Promise<Figures> {
  const [a, b] = (await Promise.all([import(pathToFileURL(fileA).href), import(pathToFileURL(fileB).href)])) as [
    Side,
    Side,
  ];
  const batches: Record<(typeof SIDES)[number], () => Promise<void>> = {
    baseline: async () => {
      for (let i = 0; i < BATCH; i++) await a.baseline(a.call);
    },
    A: async () => {
      for (let i = 0; i < BATCH; i++) await a.toolbox.call(a.call);
    },
    B: async () => {
      for (let i = 0; i < BATCH; i++) await b.toolbox.call(b.call);
    },
    precompiledA: async () => {
      for (let i = 0; i < BATCH; i++) await a.precompiledToolbox.call(a.call);
    },
    precompiledB: async () => {
      for (let i = 0; i < BATCH; i++) await b.precompiledToolbox.call(b.call);
    },
  };
  // Warm-up as toolbox-call's: a turn of the event loop lets a hot tool's run-time validator move on to ajv's code.
  for (const side of SIDES) await batches[side]();
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (let round = 0; round < 10; round++) for (const side of SIDES) await batches[side]();
  const times = Object.fromEntries(SIDES.map((side) => [side, [] as number[]])) as Record<string, number[]>;
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 ? [...SIDES].reverse() : SIDES) {
      const started = performance.now();
      await batches[side]();
      times[side]!.push(performance.now() - started);
    }
  }
  const ratio = (x: string, y: string) => median(times[x]!.map((value, i) => value / times[y]![i]!));
  return {
    BvsA: ratio('B', 'A'),
    precompiledBvsA: ratio('precompiledB', 'precompiledA'),
    AvsBaseline: ratio('A', 'baseline'),
    BvsBaseline: ratio('B', 'baseline'),
  };
}

async function main(): Promise<void> {
  if (process.env.TOOLBOX_CALL_AB_CHILD) {
    const [fileA, fileB] = process.env.TOOLBOX_CALL_AB_CHILD.split('\n') as [string, string];
    console.log(JSON.stringify(await measure(fileA, fileB)));
    return;
  }
  const ref = process.argv[2] ?? 'HEAD';
  const processes = Number(process.argv[3] ?? 5);
  // A copy of core at the ref, inside the repository so that its dependencies resolve from node_modules.
  const work = join(root, 'scripts/bench/.toolbox-call-ab');
  rmSync(work, { recursive: true, force: true });
  const copy = join(work, 'packages/core');
  mkdirSync(copy, { recursive: true });
  const archive = execFileSync('git', ['archive', ref, 'packages/core/src', 'packages/core/package.json'], {
    cwd: root,
  });
  execFileSync('tar', ['-x', '-C', work], { input: archive });
  // Its imports of dependencies resolve from the working tree's core (the same lockfile).
  execFileSync('ln', ['-s', join(root, 'packages/core/node_modules'), join(copy, 'node_modules')]);
  const fileA = join(work, 'a.mjs');
  const fileB = join(work, 'b.mjs');
  await bundle(copy, fileA);
  await bundle(join(root, 'packages/core'), fileB);
  const runs: Figures[] = [];
  for (let i = 0; i < processes; i++) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, TOOLBOX_CALL_AB_CHILD: `${fileA}\n${fileB}` },
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(`the measuring process failed: ${child.stderr}`);
    runs.push(JSON.parse(child.stdout.trim().split('\n').pop()!) as Figures);
  }
  rmSync(work, { recursive: true, force: true });
  const line = (key: keyof Figures) =>
    `${median(runs.map((run) => run[key])).toFixed(3)}x (${runs.map((run) => run[key].toFixed(3)).join(', ')})`;
  console.log(`toolbox.call, the working tree (B) against ${ref} (A), ${processes} processes of ${ROUNDS} rounds:`);
  console.log(`  B/A, run-time validator: ${line('BvsA')}`);
  console.log(`  B/A, gen-tools --validators: ${line('precompiledBvsA')}`);
  console.log(`  A/baseline ${line('AvsBaseline')}; B/baseline ${line('BvsBaseline')}`);
}

await main();
