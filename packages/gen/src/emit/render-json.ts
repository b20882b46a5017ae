import type { ManifestTool } from '@toolwright/core';
import type { RenderedOutput } from './index.js';
import { OutputWriter } from './output-writer.js';
import { perTool } from './per-tool.js';

/**
 * `tools.json`: `{ "version": 1, "hash": "...", "tools": [...] }`, 2-space indent, trailing newline, no class
 * thunks.
 */
export function renderJson(tools: readonly ManifestTool[], hash: string): RenderedOutput {
  // JSON.stringify leaves out undefined values itself: no plain copy of the tools is needed first. Each tool is
  // stringified once: the file is its blocks (what JSON.stringify of the whole writes at that depth) joined.
  const out = new OutputWriter().text(`{\n  "version": 1,\n  "hash": ${JSON.stringify(hash)},\n  "tools": `);
  if (tools.length === 0) out.text('[]');
  else {
    for (const [i, tool] of tools.entries())
      out.text(i === 0 ? '[\n    ' : ',\n    ').block(tool.name, jsonBlock(tool));
    out.text('\n  ]');
  }
  return out.text('\n}\n').done();
}

/**
 * What JSON.stringify writes before a value it indents as tools.json's tools (two levels in, 4 spaces): writing the
 * tool there gives its lines that indent, without a pass that indents them afterwards. (`\n  ]\n]` ends it.)
 */
const NESTING = '[\n  [\n    ';

/** A tool's text in tools.json, as JSON.stringify writes it at its depth there (the TS module's blocks start from it). */
export const jsonBlock = perTool((tool) => JSON.stringify([[tool]], null, 2).slice(NESTING.length, -6));

export { toolNamesInJson } from './tool-names.js';
