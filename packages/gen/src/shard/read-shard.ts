import { libsOf, phaseTimer, type LibDecisions } from '../analyze.js';
import type { ToolEntry } from '../describe/tool-entry.js';
import { Diagnostics, type Diagnostic } from '../diagnostics.js';
import { InputRecorder, type InputRecord } from '../incremental/inputs.js';
import type { ResolvedOptions } from '../options.js';
import { readProjectConfig, type ProjectFiles, type ProjectScan } from '../program/load-project.js';
import { readTools } from '../read-tools.js';

/** What a shard's worker is given: plain data (structured clone). */
export interface ShardInput {
  options: ResolvedOptions;
  /** The tsconfig's roots, and this shard's candidates with their texts as the main thread read them. */
  files: ProjectFiles;
  /** Record the inputs read (for the cache). */
  record: boolean;
  /** The shard's number, for the timing log. */
  index: number;
}

/** What a shard sends back: its tools as plain data, file by file, and what reading them met. */
export interface ShardResult {
  /** The tools of each of the shard's candidates, by file name. */
  files: Map<string, ToolEntry[]>;
  diagnostics: Diagnostic[];
  libs: LibDecisions;
  /** The inputs read, when asked to record them. */
  inputs?: InputRecord | undefined;
}

/**
 * Reads one shard of the project: a program from its candidate files and every declaration file of the tsconfig
 * (and what they import), whose tools are found and described as one thread reading the whole project would (a
 * tool depends only on its file, what that imports and the global declarations). `scan` is the tsconfig as the main
 * thread read it; a worker reads it again (the main thread recorded it).
 */
export function readShard(input: ShardInput, scan?: ProjectScan, recorder?: InputRecorder): ShardResult {
  const { options } = input;
  const diagnostics = new Diagnostics();
  const shardScan = scan
    ? { ...scan, files: input.files }
    : readProjectConfig(options.projectFile, diagnostics, input.files);
  const reads = recorder ?? (input.record ? new InputRecorder(new Set()) : undefined);
  const timing = phaseTimer(`shard ${input.index + 1} `);
  const { loaded, perFile } = readTools(options, diagnostics, { recorder: reads, timing, scan: shardScan });
  return {
    files: new Map(loaded.files.map((entry, index) => [entry.file.fileName, perFile[index]!.entries])),
    diagnostics: diagnostics.list,
    libs: libsOf(loaded),
    ...(reads && !recorder ? { inputs: reads.toJSON() } : {}),
  };
}
