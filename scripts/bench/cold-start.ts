// Cold start of a 100-tool app: in a fresh process, import the app (core, the manifest module, the tool class), build
// the Toolbox and answer the first call. Target: <= 10 ms with validators precompiled by `gen-tools --validators`;
// the default path (ajv loaded and a validator compiled on the first call) is measured beside it in the same run.
// Each is measured as deployed to a serverless or edge platform (one esbuild bundle) and as a Node server runs it
// (the app bundled, packages imported from node_modules). The figure is the median over fresh processes of the time
// from the process's start to the first answer, less the same time of an empty program run beside it.
// Where valgrind is installed, each variant's instructions are counted too (cachegrind; V8 on one thread with fixed
// seeds, so that the count repeats to a tenth of a percent): times here swing by a third from run to run, so a change
// of a few percent shows only in the count. Beside it, V8's garbage collections in the run: one young-generation
// collection more or less moves the count by some 3 M.
// A 10-tool app is measured beside it (precompiled): what every app pays whatever its number of tools shows there.
// On Node 22.1 and later, the precompiled app runs once more with Node's compile cache (NODE_COMPILE_CACHE, filled by
// a run before): most of a cold start is V8 reading and compiling code that runs once, which the cache skips.
// Last, the same app started from a Node startup snapshot (`node --build-snapshot`): the import
// and the Toolbox's build run once, when the snapshot is built, and a cold start deserializes their heap and answers
// the first call. An empty program started from a snapshot is measured beside it: what the mechanism itself costs.
// Run: node --conditions=@toolwright/source --import tsx scripts/bench/cold-start.ts
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { generatedProject, median, PRINT_TIMES } from './cold-start-app.js';

const TARGET_MS = 10;
const TOOLS = 100;
const FEW_TOOLS = 10;
const SAMPLES = Number(process.env.SAMPLES ?? 15);

const here = dirname(fileURLToPath(import.meta.url));
// Inside the workspace, so that the app resolves @toolwright/core as an installed dependency would.
const dir = mkdtempSync(join(here, '.cold-start-'));

/** The app: its imports and its Toolbox. */
const APP = `import { Toolbox } from '@toolwright/core';
import { manifest } from './tools.generated.js';
import { Service } from './service.js';

const toolbox = new Toolbox([new Service()], manifest);
`;

/** The first call, its answer's times printed, and the answer checked (a wrong one fails the sample). */
const FIRST_ANSWER = `const reply = await toolbox.call({ name: 'find0', args: { query: 'tea', limit: 3 } });
${PRINT_TIMES}if ((reply.functionResponse.response as { output?: unknown }).output !== 'tea3') throw new Error(JSON.stringify(reply));
`;

/**
 * A bundle as deployed to a serverless or edge platform: one minified file, names kept (wrangler's default).
 * class-transformer and class-validator are installed in this workspace, as in an app that has DTO tools elsewhere:
 * an app whose tools take no DTO class must not carry them.
 */
const AS_DEPLOYED: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  logLevel: 'silent',
  minify: true,
  keepNames: true,
};

async function makeApp(
  validators: boolean,
  tools = TOOLS,
): Promise<{ project: string; bundled: string; server: string }> {
  const project = join(dir, `${validators ? 'precompiled' : 'default'}-${tools}`);
  await generatedProject(project, tools, { validators, lib: ['ES2023', 'ESNext.Decorators'] });
  // The sample, an app as apps are written (static imports): its time is read against the process's start
  // (performance.now() counts from there), so reading and compiling the app's code is timed too; what Node takes
  // before any code of an app runs is the empty program's time (below), measured beside it and taken off.
  writeFileSync(join(project, 'src/sample.ts'), `${APP}${FIRST_ANSWER}`);
  const common: BuildOptions = {
    entryPoints: [join(project, 'src/sample.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
  };
  const bundled = join(project, 'bundled.mjs');
  const server = join(project, 'server.mjs');
  // As deployed: one file (code splitting off, so ajv's dynamic import is inlined as a lazily evaluated part).
  // With every validator precompiled, the condition the README names leaves ajv's compiler out of the bundle.
  await build({
    ...common,
    ...AS_DEPLOYED,
    outfile: bundled,
    ...(validators ? { conditions: ['toolwright-precompiled'] } : {}),
  });
  // As a Node server runs it: packages from node_modules, their ESM builds.
  await build({ ...common, outfile: server, packages: 'external' });
  return { project, bundled, server };
}

/**
 * The app for a startup snapshot, bundled as the snapshot builder runs it (one CommonJS file): what runs when the
 * snapshot is built (the imports, the Toolbox) at the top level, the first call in the function Node runs when it
 * starts from the snapshot.
 */
async function makeSnapshotEntry(project: string): Promise<string> {
  writeFileSync(
    join(project, 'src/snapshot.ts'),
    `import { startupSnapshot } from 'node:v8';\n${APP}startupSnapshot.setDeserializeMainFunction(async () => {\n${FIRST_ANSWER}});\n`,
  );
  const snapshotEntry = join(project, 'snapshot.cjs');
  await build({
    ...AS_DEPLOYED,
    entryPoints: [join(project, 'src/snapshot.ts')],
    outfile: snapshotEntry,
    format: 'cjs',
    conditions: ['toolwright-precompiled'],
  });
  return snapshotEntry;
}

/** Node starting a program that does nothing: what every sample's time holds before the app's first line. */
function writeEmptyProgram(): string {
  const file = join(dir, 'empty.mjs');
  writeFileSync(file, PRINT_TIMES);
  return file;
}

/** The empty program for a startup snapshot: what starting from a snapshot costs with no app in it. */
function writeEmptySnapshotEntry(): string {
  const file = join(dir, 'empty-snapshot.cjs');
  writeFileSync(file, `require('node:v8').startupSnapshot.setDeserializeMainFunction(() => {\n${PRINT_TIMES}});\n`);
  return file;
}

/** Node's compile cache (22.1 and later) can be used by the node running this. */
const compileCacheAvailable = 'enableCompileCache' in nodeModule;

/**
 * A program to run, with the environment to run it in (Node's compile cache, where one is set); or, with `snapshot`,
 * the blob that `file` is snapshotted into, which is run in its place.
 */
interface Variant {
  file: string;
  cache?: string;
  snapshot?: string;
}

function envOf(variant: Variant): NodeJS.ProcessEnv {
  return variant.cache ? { ...process.env, NODE_COMPILE_CACHE: variant.cache } : process.env;
}

function argsOf(variant: Variant): string[] {
  return variant.snapshot ? ['--snapshot-blob', variant.snapshot] : [variant.file];
}

/** Wall time and CPU time (of all the process's threads) from the process's start to the program's answer. */
function sample(variant: Variant): [number, number] {
  const { file } = variant;
  const result = spawnSync(process.execPath, argsOf(variant), {
    cwd: dirname(file),
    encoding: 'utf8',
    env: envOf(variant),
  });
  if (result.status !== 0) throw new Error(`${file} exited ${result.status}: ${result.stderr.slice(-2000)}`);
  const [wall, cpu] = result.stdout.trim().split(' ').map(Number);
  return [wall!, cpu!];
}

/**
 * Node's flags for counting: `--single-threaded` keeps V8's compiling and collecting on the main thread and the seeds
 * fix its hashing.
 */
const COUNTED = ['--single-threaded', '--hash-seed=1', '--random-seed=1'];

/**
 * The variant to run under `flags`: its compile cache, if it has one, in a folder of its own (`suffix`), filled by a
 * run under the same flags, since V8 takes no code cached under other flags; its snapshot, if it has one, built under
 * them, for the same reason (and the hash seed is in the snapshot).
 */
function preparedUnder(variant: Variant, flags: string[], suffix: string): Variant {
  if (variant.snapshot) {
    const own = { file: variant.file, snapshot: `${variant.snapshot}-${suffix}` };
    buildSnapshot(own, flags);
    return own;
  }
  if (!variant.cache) return variant;
  const own = { file: variant.file, cache: `${variant.cache}-${suffix}` };
  spawnSync(process.execPath, [...flags, own.file], { cwd: dirname(own.file), env: envOf(own) });
  return own;
}

/** `node --build-snapshot`: runs the variant's file and writes the heap it leaves to its blob. */
function buildSnapshot(variant: Variant, flags: string[] = []): void {
  const result = spawnSync(
    process.execPath,
    [...flags, '--snapshot-blob', variant.snapshot!, '--build-snapshot', variant.file],
    { cwd: dirname(variant.file), encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`the snapshot of ${variant.file} failed: ${result.stderr.slice(-2000)}`);
}

/**
 * The instructions Node runs for the program, all threads (cachegrind runs them one at a time); null without
 * valgrind. The count is the same from run to run.
 */
function instructions(variant: Variant): number | null {
  const counted = preparedUnder(variant, COUNTED, 'counted');
  const result = spawnSync(
    'valgrind',
    [
      '--tool=cachegrind',
      '--cache-sim=no',
      '--cachegrind-out-file=/dev/null',
      process.execPath,
      ...COUNTED,
      ...argsOf(counted),
    ],
    { cwd: dirname(variant.file), encoding: 'utf8', env: envOf(counted) },
  );
  const count = /I\s+refs:\s+([\d,]+)/.exec(result.stderr ?? '')?.[1];
  return result.status === 0 && count ? Number(count.replaceAll(',', '')) : null;
}

/**
 * The garbage collections V8 makes in the run (`--trace-gc`): a young-generation collection costs some 3 M
 * instructions and more in wall time, so a change that adds or saves one moves the figures by more than its own work.
 */
function collections(variant: Variant): number {
  const flags = [...COUNTED, '--trace-gc'];
  const traced = preparedUnder(variant, flags, 'traced');
  const result = spawnSync(process.execPath, [...flags, ...argsOf(traced)], {
    cwd: dirname(variant.file),
    encoding: 'utf8',
    env: envOf(traced),
  });
  return (result.stdout.match(/^\[\d+:0x[0-9a-f]+\]\s+[\d.]+ ms: /gm) ?? []).length;
}

async function main(): Promise<void> {
  try {
    const precompiled = await makeApp(true);
    const plain = await makeApp(false);
    const few = await makeApp(true, FEW_TOOLS);
    const cache = join(dir, 'compile-cache');
    const variants: Record<string, Variant> = {
      'bundled, precompiled': { file: precompiled.bundled },
      'bundled, default': { file: plain.bundled },
      'server, precompiled': { file: precompiled.server },
      'server, default': { file: plain.server },
      [`bundled, ${FEW_TOOLS} tools`]: { file: few.bundled },
      [`server, ${FEW_TOOLS} tools`]: { file: few.server },
      ...(compileCacheAvailable
        ? {
            'bundled, compile cache': { file: precompiled.bundled, cache },
            'server, compile cache': { file: precompiled.server, cache },
          }
        : {}),
      'startup snapshot': { file: await makeSnapshotEntry(precompiled.project), snapshot: join(dir, 'app.blob') },
      'empty, snapshot': { file: writeEmptySnapshotEntry(), snapshot: join(dir, 'empty.blob') },
    };
    // The cache and the snapshot as a deployment would ship them: filled by one run before, built before.
    for (const variant of Object.values(variants)) {
      if (variant.cache) sample(variant);
      if (variant.snapshot) buildSnapshot(variant);
    }
    const empty: Variant = { file: writeEmptyProgram() };
    const wall: Record<string, number[]> = {};
    const raw: Record<string, number[]> = {};
    const cpu: Record<string, number[]> = {};
    const startup: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      // Interleaved, so that a busier moment of the machine falls on every variant alike; each variant's time is
      // less the empty program's time of the same round.
      for (const [name, variant] of Object.entries(variants)) {
        const [emptyMs, emptyCpu] = sample(empty);
        const [ms, cpuMs] = sample(variant);
        startup.push(emptyMs);
        (wall[name] ??= []).push(ms - emptyMs);
        (raw[name] ??= []).push(ms);
        (cpu[name] ??= []).push(cpuMs - emptyCpu);
      }
    }
    const medians = Object.fromEntries(Object.entries(wall).map(([name, values]) => [name, median(values)]));
    const cpuMedians = Object.fromEntries(Object.entries(cpu).map(([name, values]) => [name, median(values)]));
    // The quickest sample less the quickest empty program: on a machine whose load swings, the runs least slowed by
    // others (a difference of two samples of one round can be below zero there).
    const minima = Object.fromEntries(
      Object.entries(raw).map(([name, values]) => [name, Math.min(...values) - Math.min(...startup)]),
    );
    console.log(
      `cold start, ${TOOLS}-tool manifest: import (reading and compiling the code included) + Toolbox build + first ` +
        `call, median of ${SAMPLES} fresh processes, less Node's own start (${median(startup).toFixed(1)} ms to an ` +
        "empty program's first line)",
    );
    for (const mode of ['bundled', 'server']) {
      const fast = medians[`${mode}, precompiled`]!;
      const slow = medians[`${mode}, default`]!;
      const fastCpu = cpuMedians[`${mode}, precompiled`]!;
      const slowCpu = cpuMedians[`${mode}, default`]!;
      console.log(
        `  ${mode.padEnd(8)} gen-tools --validators: ${fast.toFixed(1)} ms (cpu ${fastCpu.toFixed(1)} ms, quickest ` +
          `${minima[`${mode}, precompiled`]!.toFixed(1)} ms)   ` +
          `default, validators made at run time: ${slow.toFixed(1)} ms (cpu ${slowCpu.toFixed(1)} ms)  ` +
          ` ${(slow / fast).toFixed(1)}x`,
      );
    }
    const figure = (name: string) => `${medians[name]!.toFixed(1)} ms (quickest ${minima[name]!.toFixed(1)} ms)`;
    console.log(
      `  ${FEW_TOOLS} tools, gen-tools --validators: bundled ${figure(`bundled, ${FEW_TOOLS} tools`)}, server ` +
        figure(`server, ${FEW_TOOLS} tools`),
    );
    console.log(
      compileCacheAvailable
        ? `  ${TOOLS} tools, gen-tools --validators, Node's compile cache filled: bundled ` +
            `${figure('bundled, compile cache')}, server ${figure('server, compile cache')}`
        : `  Node's compile cache: not measured (Node ${process.version} has none; 22.1 and later have)`,
    );
    console.log(
      `  ${TOOLS} tools, gen-tools --validators, started from a startup snapshot (import and Toolbox built into it): ` +
        `${figure('startup snapshot')}; an empty program from a snapshot: ${figure('empty, snapshot')}`,
    );
    const pass = medians['bundled, precompiled']! <= TARGET_MS && medians['server, precompiled']! <= TARGET_MS;
    console.log(
      `target: <= ${TARGET_MS} ms wall time with precompiled validators, bundled and as a server, ${TOOLS} tools, ` +
        'all of it in the process (the snapshot, which moves the import and the build out of it, is not counted)',
    );
    console.log('(cpu: all threads of the process; close to the wall time of an idle machine when this one is busy)');
    const emptyCount = instructions(empty);
    const plural = (n: number) => `${n} collection${n === 1 ? '' : 's'}`;
    console.log(
      emptyCount === null
        ? 'instructions: not counted (valgrind is not installed)'
        : `instructions (cachegrind), less the empty program's ${(emptyCount / 1e6).toFixed(1)} M; in brackets, ` +
            "the share of the empty program's",
    );
    console.log(`and V8's garbage collections in the run (the empty program's: ${collections(empty)}):`);
    const share = (more: number, of: number) => `${(more / 1e6).toFixed(1)} M (${((100 * more) / of).toFixed(1)}%)`;
    for (const [name, variant] of Object.entries(variants)) {
      const count = emptyCount === null ? null : instructions(variant);
      const text = count === null || emptyCount === null ? 'not counted' : share(count - emptyCount, emptyCount);
      console.log(`  ${name.padEnd(22)} ${text}, ${plural(collections(variant))}`);
    }
    console.log(pass ? 'PASS' : 'FAIL');
    if (!pass) process.exitCode = 1;
  } finally {
    if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
