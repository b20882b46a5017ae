import type { NameStyle } from './name-style.js';
import type { DescribedTool } from './check-tools.js';
import { describeTool } from './describe-tool.js';
import { parameterSignature } from './parameter-signature.js';
import type { Diagnostics } from '../diagnostics.js';
import type { FileTools, LoadedProgram, WatchState } from '../program/load-program.js';

/**
 * The manifest entry of every tool method found, file by file, in the order found. A file that `--watch` kept from
 * the last run (none of its inputs changed) is not described again: its tools and diagnostics are reused.
 */
export function describeFiles(
  loaded: LoadedProgram,
  nameStyle: NameStyle,
  diagnostics: Diagnostics,
  state?: WatchState,
): DescribedTool[] {
  const { projectDir, core, checker, isProjectFile } = loaded;
  const files = new Map<string, FileTools>();
  const described: DescribedTool[] = [];
  for (const entry of loaded.files) {
    const report = entry.local.report;
    const fileTools: FileTools = entry.kept ?? {
      inputs: entry.inputs,
      described: entry.methods.map((method) => {
        const tool = describeTool(method, { projectDir, nameStyle, core, report, checker, isProjectFile });
        return { found: method, tool, signature: parameterSignature(method.method, tool.params, checker) };
      }),
      diagnostics: entry.local.list,
    };
    files.set(entry.file.fileName, fileTools);
    described.push(...fileTools.described);
    for (const diagnostic of fileTools.diagnostics) diagnostics.add(diagnostic);
  }
  if (state) state.files = files;
  return described;
}
