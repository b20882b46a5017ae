import {
  GEMINI_MAX_PARAMETER_NAME_LENGTH,
  GEMINI_PARAMETER_NAME,
  GEMINI_TOOL_NAME,
  PORTABLE_TOOL_NAME_LENGTH,
} from '@toolwright/core';

/** Gemini's function names, kept to the portable length so that other providers take them too. */
const MAX = PORTABLE_TOOL_NAME_LENGTH;
const safeName = (name: string) => name.length <= MAX && GEMINI_TOOL_NAME.test(name);

/**
 * A Gemini-safe local name for each remote name (with `prefix` in front), unique within the list: characters
 * outside `A-Za-z0-9_.:-` become `_`, a leading character that is not a letter or `_` gets a `_` before it, and
 * names too long or taken are cut and given a short numbered suffix.
 */
export function localNames(remoteNames: readonly string[], prefix = ''): Map<string, string> {
  const taken = new Set<string>();
  const out = new Map<string, string>();
  for (const remote of remoteNames) {
    let name = `${prefix}${remote}`.replace(/[^A-Za-z0-9_.:-]/g, '_');
    if (!/^[A-Za-z_]/.test(name)) name = `_${name}`;
    if (name.length > MAX) name = name.slice(0, MAX);
    for (let n = 2; taken.has(name) || !safeName(name); n++) {
      const suffix = `_${n}`;
      name = `${name.slice(0, MAX - suffix.length).replace(/_\d+$/, '')}${suffix}`;
    }
    taken.add(name);
    out.set(remote, name);
  }
  return out;
}

/** Gemini-safe names for the top-level argument names that need them (`file-path` -> `file_path`); others stay. */
export function parameterNames(names: readonly string[]): Map<string, string> {
  const max = GEMINI_MAX_PARAMETER_NAME_LENGTH;
  const renamed = new Map<string, string>();
  const taken = new Set(names.filter((name) => GEMINI_PARAMETER_NAME.test(name)));
  for (const name of names) {
    if (GEMINI_PARAMETER_NAME.test(name)) continue;
    let safe = name.replace(/[^A-Za-z0-9_]/g, '_');
    if (!/^[A-Za-z_]/.test(safe)) safe = `_${safe}`;
    safe = safe.slice(0, max);
    for (let n = 2; taken.has(safe); n++)
      safe = `${safe.slice(0, max - String(n).length - 1).replace(/_\d+$/, '')}_${n}`;
    taken.add(safe);
    renamed.set(name, safe);
  }
  return renamed;
}
