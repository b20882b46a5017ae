import type { RenderedOutput } from './index.js';

/** A tool whose generated text is not what is on disk. */
export interface StaleTool {
  name: string;
  change: 'added' | 'changed' | 'removed';
}

/** A generated file that differs from what gen-tools would write now (`--check`). */
export interface StaleOutput {
  /** Absolute path. */
  file: string;
  missing: boolean;
  /** The tools that differ; empty when only the rest of the file (header, imports) does. */
  tools: StaleTool[];
}

/** Undefined when `current` is exactly `rendered`; else what differs, tool by tool. */
export function compareOutput(
  file: string,
  current: string | undefined,
  rendered: RenderedOutput,
  namesIn: (text: string) => string[] | undefined,
): StaleOutput | undefined {
  if (current === rendered.text) return undefined;
  if (current === undefined) {
    return { file, missing: true, tools: rendered.blocks.map(({ name }) => ({ name, change: 'added' })) };
  }
  const oldNames = new Set(namesIn(current) ?? []);
  const newNames = new Set(rendered.blocks.map(({ name }) => name));
  const tools: StaleTool[] = [];
  for (const block of rendered.blocks) {
    if (current.includes(block.text)) continue;
    tools.push({ name: block.name, change: oldNames.has(block.name) ? 'changed' : 'added' });
  }
  for (const name of oldNames) if (!newNames.has(name)) tools.push({ name, change: 'removed' });
  return { file, missing: false, tools };
}
