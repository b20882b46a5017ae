import type { ManifestTool } from '@toolwright/core';
import type { RenderedOutput } from './rendered-output.js';

/**
 * `tools.json`: `{ "version": 1, "hash": "...", "tools": [...] }`, 2-space indent, trailing newline, no class
 * thunks.
 */
export function renderJson(tools: readonly ManifestTool[], hash: string): RenderedOutput {
  // JSON.stringify leaves out undefined values itself: no plain copy of the tools is needed first.
  const text = `${JSON.stringify({ version: 1, hash, tools }, null, 2)}\n`;
  const blocks = tools.map((tool) => ({ name: tool.name, text: JSON.stringify(tool, null, 2).replace(/\n/g, '\n    ') }));
  return { text, blocks };
}

export { toolNamesInJson } from './tool-names.js';
