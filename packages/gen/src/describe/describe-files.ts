import type { DecoratedMethod } from '../discover/find-tools.js';
import type { Diagnostic, Diagnostics } from '../diagnostics.js';
import type { NameStyle } from '../options.js';
import type { ts } from '../program/typescript.js';
import type { DescribedTool } from './check-tools.js';
import { describeTool, type DescribeContext } from './describe-tool.js';
import { parameterSignature } from './parameter-signature.js';

/** A file's tools as described, and the problems met describing them. */
export interface DescribedFile {
  described: DescribedTool[];
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
 * The manifest entry of every tool method found, file by file, in the order found (one result per file). A file
 * that `--watch` kept from the last run is not described again: its tools and diagnostics are reused.
 */
export function describeFiles(
  files: readonly ToolFile[],
  context: DescribeFilesContext,
  nameStyle: NameStyle,
  diagnostics: Diagnostics,
): DescribedFile[] {
  const { projectDir, core, checker, isProjectFile } = context;
  return files.map((entry) => {
    const report = entry.local.report;
    const result: DescribedFile = entry.kept ?? {
      described: entry.methods.map((method) => {
        const tool = describeTool(method, { projectDir, nameStyle, core, report, checker, isProjectFile });
        return { found: method, tool, signature: parameterSignature(method.method, tool.params, checker) };
      }),
      diagnostics: entry.local.list,
    };
    for (const diagnostic of result.diagnostics) diagnostics.add(diagnostic);
    return result;
  });
}
