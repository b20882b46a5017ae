import { describeFiles, type DescribedFile } from './describe/describe-files.js';
import { Diagnostics } from './diagnostics.js';
import { keepTools } from './incremental/watch-state.js';
import { loadTools, type LoadedTools } from './load-tools.js';
import type { ResolvedOptions } from './options.js';
import type { LibGroup } from './program/lib-probe.js';
import type { LibsLeftOut } from './program/load-project.js';

/** The tools of the project, found and described, in the program with the lib files they need. */
export interface ReadTools {
  loaded: LoadedTools;
  /** In the order of `loaded.files`. */
  perFile: DescribedFile[];
}

/** In the order a need is met: the host libs first, since the program built with them has every lib. */
const GROUPS = ['host', 'es'] as const;

/** Where loaded tools keep each group's decision and their rebuild with it, and the group's name in the timing log. */
const GROUP_KEYS = {
  host: { decision: 'hostLibs', rebuild: 'withHostLibs', name: 'host' },
  es: { decision: 'esLibs', rebuild: 'withEsLibs', name: 'ES' },
} as const satisfies Record<LibGroup, { decision: keyof LoadedTools; rebuild: keyof LoadedTools; name: string }>;

/**
 * Loads the program and finds the tools (load-tools.ts), describes them (describe/), and then settles the lib files
 * left out of the program (program/lib-probe.ts): when the checker needed the host libs, the program is built again
 * with every lib, else when it needed the ES libs, with those; and the tools are found and described again, their
 * problems reported from that reading only (a program with the ES libs may still need the host libs). With `--watch`
 * state, the tools of each file are kept for the next run, with whether the lib files were needed.
 */
export function readTools(
  options: ResolvedOptions,
  diagnostics: Diagnostics,
  run: Parameters<typeof loadTools>[2] = {},
): ReadTools {
  const { state, timing } = run;
  let loaded = loadTools(options, diagnostics, run);
  let found = new Diagnostics();
  let perFile = describeUntilNeeded(loaded, options, found);
  timing?.(perFile ? 'describe' : 'describe, stopped at a need');
  // The first reason each group was needed for, in whichever reading the probe saw it.
  const needed: Partial<Record<LibGroup, string>> = {};
  for (;;) {
    const { probe } = loaded;
    for (const group of GROUPS) {
      const reason = probe?.reason(group);
      if (reason !== undefined) needed[group] ??= reason;
    }
    const rebuild = (group: LibGroup) => needed[group] !== undefined && rebuildWith(loaded, group) !== undefined;
    let group = GROUPS.find(rebuild);
    // A listing of the globals counts for every group left out, unless a name already tells which to add: that
    // reading is done again, and its probe sees the listing again if it still happens.
    if (!group && probe?.listed) {
      group = GROUPS.find((left) => rebuildWith(loaded, left) !== undefined);
      if (group) needed[group] ??= 'the globals were listed';
    }
    for (const each of GROUPS) {
      const reason = needed[each];
      if (decision(loaded, each))
        timing?.(`${GROUP_KEYS[each].name} libs ${reason ? `needed (${reason})` : 'not needed'}`);
    }
    if (!group) break;
    loaded = rebuildWith(loaded, group)!();
    found = new Diagnostics();
    perFile = describeUntilNeeded(loaded, options, found);
    timing?.(`describe with the ${GROUP_KEYS[group].name} libs${perFile ? '' : ', stopped at a need'}`);
  }
  // A reading stops only at a name of a group left out, which the loop then adds.
  if (!perFile) throw new Error('internal error: the last reading of the tools stopped at a lib file left out');
  // With nothing left out, a listing cannot tell which group it read: both count as needed (for --watch).
  if (loaded.probe?.listed) for (const group of GROUPS) needed[group] ??= 'the globals were listed';
  for (const group of GROUPS) {
    const libs = decision(loaded, group);
    const reason = needed[group];
    if (libs && reason !== undefined && libs.reason === undefined)
      loaded = { ...loaded, [GROUP_KEYS[group].decision]: { leftOut: false, reason } };
  }
  for (const diagnostic of found.list) diagnostics.add(diagnostic);
  if (state) {
    const neededBy = (group: LibGroup) => decision(loaded, group)?.reason !== undefined;
    keepTools(state, loaded.files, perFile, { host: neededBy('host'), es: neededBy('es') });
  }
  return { loaded, perFile };
}

/**
 * The tools described, or undefined when the reading stopped at the first need of a lib file left out (see
 * LibProbe.untilNeeded): a reading that will be done again stops there rather than answering with the wrong libs.
 */
function describeUntilNeeded(
  loaded: LoadedTools,
  options: ResolvedOptions,
  found: Diagnostics,
): DescribedFile[] | undefined {
  const read = () => describeFiles(loaded.files, loaded, options.nameStyle, found);
  return loaded.probe ? loaded.probe.untilNeeded(read) : read();
}

function decision(loaded: LoadedTools, group: LibGroup): LibsLeftOut | undefined {
  return loaded[GROUP_KEYS[group].decision];
}

/** The same tools in the program built with this group's lib files, when they were left out. */
function rebuildWith(loaded: LoadedTools, group: LibGroup): (() => LoadedTools) | undefined {
  return loaded[GROUP_KEYS[group].rebuild];
}
