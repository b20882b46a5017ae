import { dirname } from 'node:path';
import type { Diagnostics } from '../diagnostics.js';
import type { ResolvedOptions } from '../options.js';
import { givenProject } from './given-program.js';
import type { SourceFileCache } from './lean-host.js';
import { loadProject, type LoadedProject, type ProjectScan } from './load-project.js';
import type { ReadRecorder } from './read-recorder.js';
import { ts } from './typescript.js';

/** What one load brings: the cache's recorder, what `--watch` reuses, the phase timer. */
export interface LoadRun {
  recorder?: ReadRecorder | undefined;
  timing?: ((phase: string) => void) | undefined;
  /** `--watch`: the parsed files and the last program, and whether the last run needed the host libs, the ES libs. */
  reuse?:
    | {
        sourceFiles: SourceFileCache;
        oldProgram?: ts.Program | undefined;
        hostLibsNeeded?: boolean;
        esLibsNeeded?: boolean;
      }
    | undefined;
  /** The project as scanned already, or the shard of it to read (see load-project.ts). */
  scan?: ProjectScan | undefined;
}

/**
 * The program gen reads: the one given (`options.program`), or the one built from the tsconfig's files that can
 * declare tools (see load-project.ts). Syntax errors in those files are reported.
 */
export function loadProgram(options: ResolvedOptions, diagnostics: Diagnostics, run: LoadRun = {}): LoadedProject {
  const { recorder, timing, reuse, scan } = run;
  const { projectFile, outFile, jsonFile, validatorsFile } = options;
  const skipFiles = [outFile, jsonFile, validatorsFile].filter((file) => file !== undefined);
  const loaded = options.program
    ? givenProject(options.program, dirname(projectFile), options.files, skipFiles)
    : loadProject(projectFile, diagnostics, {
        skipFiles,
        scan,
        ...(timing ? { timing } : {}),
        ...(recorder ? { recorder } : {}),
        ...(process.env.TOOLWRIGHT_GEN_ALL_LIBS === '1' ? { allLibs: true } : {}),
        ...(reuse
          ? { sourceFiles: reuse.sourceFiles, ...(reuse.oldProgram ? { oldProgram: reuse.oldProgram } : {}) }
          : {}),
        ...(reuse?.hostLibsNeeded ? { startWithHostLibs: true } : {}),
        ...(reuse?.esLibsNeeded ? { startWithEsLibs: true } : {}),
      });
  reportSyntaxErrors(loaded, diagnostics);
  return loaded;
}

/** Syntax errors in the files that declare tools (already parsed, so this costs nothing). */
function reportSyntaxErrors(loaded: LoadedProject, diagnostics: Diagnostics): void {
  const { program } = loaded;
  for (const file of loaded.candidates) {
    for (const error of program.getSyntacticDiagnostics(file)) {
      const { line, character } = file.getLineAndCharacterOfPosition(error.start ?? 0);
      diagnostics.add({
        file: file.fileName,
        line: line + 1,
        column: character + 1,
        severity: 'error',
        code: 'TW1002',
        message: ts.flattenDiagnosticMessageText(error.messageText, '\n'),
      });
    }
  }
}
