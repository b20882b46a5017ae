import type { ManifestTool } from '@toolwright/core';

/**
 * A text made from one manifest tool, kept per tool object. `--watch` hands the outputs the very tool objects of the
 * files that did not change (describe-files.ts), so a run after an edit renders only the tools of the edited files:
 * rendering 1,000 tools again took most of an edit's turnaround. Tool objects are never changed once described.
 */
export function perTool<T>(make: (tool: ManifestTool) => T): (tool: ManifestTool) => T {
  const kept = new WeakMap<ManifestTool, T>();
  return (tool) => {
    let value = kept.get(tool);
    if (value === undefined) kept.set(tool, (value = make(tool)));
    return value;
  };
}
