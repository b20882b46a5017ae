import type { DecoratedMethod } from '../discover/find-tools.js';
import type { Diagnostic, Diagnostics } from '../diagnostics.js';
import type { NameStyle } from '../options.js';
import type { ts } from '../program/typescript.js';
import type { DescribedTool } from './check-tools.js';
import { describeTool, type DescribeContext } from './describe-tool.js';
import { parameterSignature } from './parameter-signature.js';
import { toolEntries, type ToolEntry } from './tool-entry.js';

/** A file's tools as described (and as plain data: see tool-entry.ts), and the problems met describing them. */
export interface DescribedFile {
  described: DescribedTool[];
  entries: ToolEntry[];
  diagnostics: Diagnostic[];
}

/** A file that may declare tools: its tool methods, and what the last run of `--watch` kept for it. */
export interface ToolFile {
  file: ts.SourceFile;
  methods: DecoratedMethod[];
  /** Where the problems met in this file go (kept for the next run). */
  local: Diagnostics;
  /** Its tools and diagnostics from the last run, when none of its inputs changed. */
  kept?: DescribedFile | undefined;
}

/** What describing reads of the loaded program. */
export type DescribeFilesContext = Omit<DescribeContext, 'nameStyle' | 'report'>;

/**
 * The manifest entry of every tool method found, file by file, in the order found (one result per file), and then
 * the tools as plain data (each file's `entries`). A file that `--watch` kept from the last run is not described
 * again: its tools and diagnostics are reused.
 */
export function describeFiles(
  files: readonly ToolFile[],
  context: DescribeFilesContext,
  nameStyle: NameStyle,
  diagnostics: Diagnostics,
): DescribedFile[] {
  const { projectDir, core, checker, isProjectFile } = context;
  const perFile = files.map((entry): DescribedFile => {
    const report = entry.local.report;
    if (entry.kept) {
      for (const diagnostic of entry.kept.diagnostics) diagnostics.add(diagnostic);
      return entry.kept;
    }
    const described = entry.methods.map((method): DescribedTool => {
      const tool = describeTool(method, { projectDir, nameStyle, core, report, checker, isProjectFile });
      return { found: method, tool, signature: parameterSignature(method.method, tool.params, checker) };
    });
    for (const diagnostic of entry.local.list) diagnostics.add(diagnostic);
    return { described, entries: [], diagnostics: entry.local.list };
  });
  addEntries(perFile, checker);
  return perFile;
}

/**
 * The tools of the files just described as plain data (their entries), once all of them are described: the checker
 * is then asked about their classes' bases, which no describing must see first (the order types are made in shows
 * in the order of a union's members that no code spells out).
 */
function addEntries(files: readonly DescribedFile[], checker: ts.TypeChecker): void {
  for (const file of files) if (file.entries.length === 0) file.entries = toolEntries(file.described, checker);
}
