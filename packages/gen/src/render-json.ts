import type { ManifestTool } from '@toolwright/core';
import type { RenderedOutput } from './rendered-output.js';

/**
 * `tools.json`: `{ "version": 1, "hash": "...", "tools": [...] }`, 2-space indent, trailing newline, no class
 * thunks.
 */
export function renderJson(tools: readonly ManifestTool[], hash: string): RenderedOutput {
  const plain = tools.map((tool) => JSON.parse(JSON.stringify(tool)) as ManifestTool);
  const text = `${JSON.stringify({ version: 1, hash, tools: plain }, null, 2)}\n`;
  const blocks = plain.map((tool) => ({ name: tool.name, text: JSON.stringify(tool, null, 2).replace(/\n/g, '\n    ') }));
  return { text, blocks };
}

export { toolNamesInJson } from './tool-names.js';
