import { describeFiles, type DescribedFile } from './describe/describe-files.js';
import { Diagnostics } from './diagnostics.js';
import { keepTools } from './incremental/watch-state.js';
import { loadTools, type LoadedTools } from './load-tools.js';
import type { ResolvedOptions } from './options.js';

/** The tools of the project, found and described, in the program with the lib files they need. */
export interface ReadTools {
  loaded: LoadedTools;
  /** In the order of `loaded.files`. */
  perFile: DescribedFile[];
}

/**
 * Loads the program and finds the tools (load-tools.ts), describes them (describe/), and then settles the ES libs
 * (program/es-libs.ts): when the checker needed one that the program left out, the program is built again with them
 * and the tools found and described again, their problems reported from that reading only. With `--watch` state, the
 * tools of each file are kept for the next run, with whether the ES libs were needed.
 */
export function readTools(
  options: ResolvedOptions,
  diagnostics: Diagnostics,
  run: Parameters<typeof loadTools>[2] = {},
): ReadTools {
  const { state, timing } = run;
  let loaded = loadTools(options, diagnostics, run);
  let found = new Diagnostics();
  let perFile = describeFiles(loaded.files, loaded, options.nameStyle, found);
  timing?.('describe');
  const reason = loaded.esProbe?.reason();
  if (loaded.esLibs) {
    timing?.(reason ? `ES libs needed (${reason})` : 'ES libs not needed');
    if (reason && loaded.withEsLibs) {
      loaded = loaded.withEsLibs();
      found = new Diagnostics();
      perFile = describeFiles(loaded.files, loaded, options.nameStyle, found);
      timing?.('describe with the ES libs');
    }
    if (reason && loaded.esLibs?.reason === undefined) loaded = { ...loaded, esLibs: { leftOut: false, reason } };
  }
  for (const diagnostic of found.list) diagnostics.add(diagnostic);
  if (state) {
    const kept = loaded.files.some((entry) => entry.kept?.esLibsNeeded);
    const needed = reason !== undefined || kept || (loaded.esLibs?.reason !== undefined && !loaded.esLibs.leftOut);
    keepTools(state, loaded.files, perFile, needed);
  }
  return { loaded, perFile };
}
