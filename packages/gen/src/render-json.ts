import type { ManifestTool } from '@toolwright/core';
import type { RenderedOutput } from './rendered-output.js';

/** `tools.json`: `{ "version": 1, "tools": [...] }`, 2-space indent, trailing newline, no class thunks. */
export function renderJson(tools: readonly ManifestTool[]): RenderedOutput {
  const plain = tools.map((tool) => JSON.parse(JSON.stringify(tool)) as ManifestTool);
  const text = `${JSON.stringify({ version: 1, tools: plain }, null, 2)}\n`;
  const blocks = plain.map((tool) => ({ name: tool.name, text: JSON.stringify(tool, null, 2).replace(/\n/g, '\n    ') }));
  return { text, blocks };
}

/** The tool names of a JSON manifest written earlier, or undefined when it is not one. */
export function toolNamesInJson(text: string): string[] | undefined {
  try {
    const parsed = JSON.parse(text) as { tools?: { name?: unknown }[] };
    if (!Array.isArray(parsed.tools)) return undefined;
    return parsed.tools.map((tool) => tool.name).filter((name): name is string => typeof name === 'string');
  } catch {
    return undefined;
  }
}
