// The renderers under test, by golden-file folder name, and the shared fixture set they all render.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DeclaredTool } from '../../src/index.js';
import { renderAnthropicTool } from '../../src/render/anthropic.js';
import { renderGeminiDeclaration } from '../../src/render/gemini-declaration.js';
import { renderMcpTool } from '../../src/render/mcp.js';
import { renderOpenAITool } from '../../src/render/openai.js';
import type { RenderResult } from '../../src/render/types.js';

export const targets: Record<string, (tool: DeclaredTool) => RenderResult<unknown>> = {
  'gemini-parameters': (tool) => renderGeminiDeclaration(tool),
  'gemini-json-schema': (tool) => renderGeminiDeclaration(tool, { dialect: 'json-schema' }),
  'gemini-json-schema-inlined': (tool) => renderGeminiDeclaration(tool, { dialect: 'json-schema', inlineRefs: true }),
  openai: (tool) => renderOpenAITool(tool),
  'openai-strict': (tool) => renderOpenAITool(tool, { strict: true }),
  anthropic: (tool) => renderAnthropicTool(tool),
  mcp: (tool) => renderMcpTool(tool),
};

export const fixtureDir = join(__dirname, 'fixtures');
export const goldenDir = join(__dirname, 'golden');

/** Every fixture: one realistic tool each, together covering every construct of the manifest's schema subset. */
export const fixtures: { name: string; tool: DeclaredTool }[] = readdirSync(fixtureDir)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({
    name: file.slice(0, -'.json'.length),
    tool: JSON.parse(readFileSync(join(fixtureDir, file), 'utf8')) as DeclaredTool,
  }));
