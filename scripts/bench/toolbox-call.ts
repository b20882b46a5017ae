// toolbox.call overhead (validate, convert, call a no-op, normalize) for a 5-property schema, against a hand-written
// baseline measured in the same run: compile the schema with ajv, validate, call the method, wrap the result.
// Targets: median <= 3 us per call, and <= 1.5x the baseline; the same for a Toolbox whose arguments are checked as
// `gen-tools --validators` has them checked: by core's schema checker (no code generated at run time), with the
// argument reader it writes.
// Run: node --conditions=@toolwright/source --import tsx scripts/bench/toolbox-call.ts
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { baseline, call, precompiledToolbox, toolbox } from './toolbox-call-setup.js';

const TARGET_US = 3;
const TARGET_RATIO = 1.5;
const BATCH = 10_000;
const ROUNDS = Number(process.env.ROUNDS ?? 60);
const PROCESSES = Number(process.env.PROCESSES ?? 5);

async function batchToolbox(box = toolbox): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < BATCH; i++) await box.call(call);
  return ((performance.now() - started) * 1000) / BATCH;
}

async function batchBaseline(): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < BATCH; i++) await baseline(call);
  return ((performance.now() - started) * 1000) / BATCH;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One process's figures: medians of the rounds, as below. */
async function measure(): Promise<Figures> {
  for (const box of [toolbox, precompiledToolbox]) {
    const check = await box.call(call);
    if (!('output' in check.functionResponse.response) || check.functionResponse.response.output !== true) {
      throw new Error(`the toolbox call did not succeed: ${JSON.stringify(check)}`);
    }
  }
  // Warm up both paths (JIT, the Toolbox's first-use compile). A tool without a precompiled validator starts on the
  // schema checker and moves on to ajv's compiled code after its first calls, once ajv has loaded: a server's event
  // loop turns between requests, which the batches here (await after await, no I/O) never let it do, so the warm-up
  // gives it that turn.
  await batchToolbox();
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (let i = 0; i < 20; i++) {
    await batchToolbox();
    await batchToolbox(precompiledToolbox);
    await batchBaseline();
  }
  const ours: number[] = [];
  const oursPrecompiled: number[] = [];
  const theirs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate the order so that neither side always runs on a warmer or cooler machine.
    if (round % 2) {
      ours.push(await batchToolbox());
      oursPrecompiled.push(await batchToolbox(precompiledToolbox));
      theirs.push(await batchBaseline());
    } else {
      theirs.push(await batchBaseline());
      oursPrecompiled.push(await batchToolbox(precompiledToolbox));
      ours.push(await batchToolbox());
    }
  }
  const figure = median(ours);
  const base = median(theirs);
  // Each round's batches ran back to back: the ratio within a round cancels what drifts between rounds (clock
  // speed, a neighbour's load), which the ratio of two medians would not.
  const ratio = median(ours.map((value, i) => value / theirs[i]!));
  const figurePrecompiled = median(oursPrecompiled);
  const ratioPrecompiled = median(oursPrecompiled.map((value, i) => value / theirs[i]!));
  return { figure, base, ratio, figurePrecompiled, ratioPrecompiled };
}

interface Figures {
  figure: number;
  base: number;
  ratio: number;
  figurePrecompiled: number;
  ratioPrecompiled: number;
}

/**
 * The bench in PROCESSES fresh processes, each measuring both sides: V8 compiles the call path differently from one
 * process to the next (the ratio of one process ranged 1.3x-1.6x), so the figures are the medians over processes.
 */
async function main(): Promise<void> {
  if (process.env.TOOLBOX_CALL_CHILD) {
    console.log(JSON.stringify(await measure()));
    return;
  }
  const runs: Figures[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, TOOLBOX_CALL_CHILD: '1' },
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(`the measuring process failed: ${child.stderr}`);
    runs.push(JSON.parse(child.stdout.trim().split('\n').pop()!) as Figures);
  }
  const of = (key: keyof Figures) => median(runs.map((run) => run[key]));
  const [figure, base, ratio, figurePrecompiled, ratioPrecompiled] = (
    ['figure', 'base', 'ratio', 'figurePrecompiled', 'ratioPrecompiled'] as const
  ).map(of) as [number, number, number, number, number];
  const pass =
    figure <= TARGET_US && ratio <= TARGET_RATIO && figurePrecompiled <= TARGET_US && ratioPrecompiled <= TARGET_RATIO;
  console.log(
    `toolbox.call, 5-property schema: median ${figure.toFixed(3)} us/call (${PROCESSES} processes, each the median ` +
      `of ${ROUNDS} batches of ${BATCH})`,
  );
  console.log(`baseline (ajv validate + call + wrap, same processes): median ${base.toFixed(3)} us/call`);
  console.log(
    `ratio ${ratio.toFixed(2)}x, median over processes of each one's median round ratio ` +
      `(${runs.map((run) => run.ratio.toFixed(2)).join(', ')}) (target <= ${TARGET_RATIO}x); absolute target <= ` +
      `${TARGET_US} us`,
  );
  console.log(
    `gen-tools --validators (accept test and schema checker): median ${figurePrecompiled.toFixed(3)} us/call, ` +
      `ratio ${ratioPrecompiled.toFixed(2)}x (${runs.map((run) => run.ratioPrecompiled.toFixed(2)).join(', ')})`,
  );
  console.log(pass ? 'PASS' : 'FAIL');
  if (!pass) process.exitCode = 1;
}

await main();
