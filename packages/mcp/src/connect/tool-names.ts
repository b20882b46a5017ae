import { GEMINI_MAX_PARAMETER_NAME_LENGTH, PORTABLE_TOOL_NAME_LENGTH } from '@toolwright/core';

/**
 * The one rule by which names from an MCP server become names the model sees, for tools and arguments alike: every
 * character outside `A-Za-z0-9_` becomes `_` (`get-sum` -> `get_sum`, `tool/1` -> `tool_1`), a name that does not
 * start with a letter or `_` gets a `_` in front, and a name past the length limit (64) is cut. A name that is then
 * taken (two names that differ only in such characters) gets `_2`, `_3`, ... The result is valid for Gemini and
 * for the other providers' function names (OpenAI, Anthropic), so a name does not change with the model.
 */
function safeNames(names: readonly string[], max: number, keep: (name: string) => boolean): Map<string, string> {
  const taken = new Set(names.filter(keep));
  const renamed = new Map<string, string>();
  for (const name of names) {
    if (keep(name)) continue;
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

const SAFE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The name the model sees for each remote tool name (`prefix` put in front first), unique within the list. */
export function localNames(remoteNames: readonly string[], prefix = ''): Map<string, string> {
  const prefixed = remoteNames.map((remote) => `${prefix}${remote}`);
  const renamed = safeNames(
    prefixed,
    PORTABLE_TOOL_NAME_LENGTH,
    (name) => name.length <= PORTABLE_TOOL_NAME_LENGTH && SAFE_NAME.test(name),
  );
  return new Map(remoteNames.map((remote, i) => [remote, renamed.get(prefixed[i]!) ?? prefixed[i]!]));
}

/** Safe names for the top-level argument names that need them (`file-path` -> `file_path`); others stay. */
export function parameterNames(names: readonly string[]): Map<string, string> {
  const max = GEMINI_MAX_PARAMETER_NAME_LENGTH;
  return safeNames(names, max, (name) => name.length <= max && SAFE_NAME.test(name));
}
