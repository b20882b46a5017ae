// A cold run reads the project on several threads when it is large enough to pay for it. The program gen builds holds
// only the candidate files and the declaration files, and what they import (program/load-project.ts), so a program
// built from a part of the candidates describes each of their tools exactly as the whole one does: a tool depends
// only on its file, what that imports, and the global declarations. The candidates are split into shards of about
// the same size (plan.ts); shard 1 and on are read on worker threads while the main thread reads shard 0, each as
// far as the tools' plain data (read-shard.ts); the main thread then joins them in file order and ends the run as
// one thread does (concludeAnalysis: the checks over the tool set, render).
import { dirname } from 'node:path';
import {
  analyze,
  concludeAnalysis,
  phaseTimer,
  type Analysis,
  type AnalyzeContext,
  type LibDecisions,
} from '../analyze.js';
import { compareText, Diagnostics } from '../diagnostics.js';
import { outputsOf } from '../incremental/cache.js';
import type { ResolvedOptions } from '../options.js';
import { scanProject, type LibsLeftOut } from '../program/load-project.js';
import { MIN_SHARDED_BYTES, planShards, threadCount, WORKER_START_BYTES } from './plan.js';
import { readShard, type ShardInput, type ShardResult } from './read-shard.js';
import { startShardWorkers } from './workers.js';

/**
 * Reads the project and analyzes it (analyze.ts), on `threads` threads (see threadCount) when the project's candidate
 * files are enough to pay for them, else on this one. A program given (`options.program`) is read on this thread.
 * A worker that fails fails the run, saying which files it read and how to read them on one thread.
 */
export async function analyzeProject(
  options: ResolvedOptions,
  context: Pick<AnalyzeContext, 'recorder' | 'renderers'>,
): Promise<Analysis> {
  if (options.program) return analyze(options, context);
  const { recorder } = context;
  const timing = phaseTimer();
  const diagnostics = new Diagnostics();
  const skipFiles = [...outputsOf(options)];
  const scan = scanProject(options.projectFile, diagnostics, { skipFiles, ...(recorder ? { recorder } : {}) });
  // TOOLWRIGHT_GEN_SHARD_BYTES (tests): shard from that many bytes, the main thread's shard no larger than the others.
  const forced = process.env.TOOLWRIGHT_GEN_SHARD_BYTES;
  const sizes = forced
    ? { minBytes: Number(forced), workerStart: 0 }
    : { minBytes: MIN_SHARDED_BYTES, workerStart: WORKER_START_BYTES };
  const { candidates, texts } = scan.files;
  // TOOLWRIGHT_GEN_SHARD_INLINE=1 (tests): the shards are read one after the other on this thread, each result passed
  // through a structured clone as a worker's message is.
  const inline = process.env.TOOLWRIGHT_GEN_SHARD_INLINE === '1';
  const shards = scan.parsed
    ? planShards(candidates, (fileName) => texts.get(fileName)!.length, threadCount(options.threads), sizes)
    : undefined;
  if (!shards) return analyze(options, { ...context, scan, diagnostics, timing });
  timing?.(`config, ${shards.length} shards`);
  const inputs = shards.map(
    (files, index): ShardInput => ({
      options,
      files: {
        roots: scan.files.roots,
        candidates: files,
        texts: new Map(files.map((name) => [name, texts.get(name)!])),
      },
      record: recorder !== undefined,
      index,
    }),
  );
  const workers = inline ? [] : startShardWorkers(inputs.slice(1));
  if (!workers) return analyze(options, { ...context, scan, diagnostics, timing });
  let results: ShardResult[];
  try {
    const first = readShard(inputs[0]!, scan, recorder);
    const rest = inline
      ? inputs.slice(1).map((input) => structuredClone(readShard(structuredClone(input))))
      : await Promise.all(workers.map((worker) => worker.result));
    results = [first, ...rest];
  } finally {
    for (const worker of workers) worker.stop();
  }
  timing?.('shards joined');
  for (const result of results) {
    for (const diagnostic of result.diagnostics) diagnostics.add(diagnostic);
    if (result.inputs) recorder?.merge(result.inputs);
  }
  const byFile = new Map(results.flatMap((result) => [...result.files]));
  const entries = candidates.flatMap((fileName) => byFile.get(fileName) ?? []);
  const project = {
    projectDir: dirname(scan.configPath),
    compilerOptions: scan.parsed!.options,
    textOf: (fileName: string) => texts.get(fileName) ?? '',
  };
  const analysis = concludeAnalysis(
    entries,
    diagnostics,
    project,
    joinLibs(
      results,
      shards.map((files) => files[0]!),
    ),
    options,
    context,
    timing,
  );
  return { ...analysis, threads: shards.length };
}

/**
 * The lib decisions of the whole project from its shards' (see program/host-libs.ts and es-libs.ts): lib files left
 * out only when every shard left them out; else needed, for the reason of the shard, of those that needed them, whose
 * first file comes first.
 */
function joinLibs(results: readonly ShardResult[], firstFiles: readonly string[]): LibDecisions {
  const inOrder = results
    .map((result, index) => ({ libs: result.libs, first: firstFiles[index]! }))
    .sort((a, b) => compareText(a.first, b.first))
    .map((shard) => shard.libs);
  const join = (all: readonly (LibsLeftOut | undefined)[]): LibsLeftOut | undefined => {
    const known = all.filter((libs) => libs !== undefined);
    if (known.length === 0) return undefined;
    if (known.every((libs) => libs.leftOut)) return { leftOut: true };
    const reason = known.find((libs) => libs.reason !== undefined)?.reason;
    return { leftOut: false, ...(reason !== undefined ? { reason } : {}) };
  };
  const hostLibs = join(inOrder.map((libs) => libs.hostLibs));
  const esLibs = join(inOrder.map((libs) => libs.esLibs));
  return { ...(hostLibs ? { hostLibs } : {}), ...(esLibs ? { esLibs } : {}) };
}
