// The renderers under test, by golden-file folder name, and the shared fixture set they all render.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  renderGeminiDeclaration,
  renderAnthropicTool,
  renderMcpTool,
  renderOpenAITool,
  type DeclaredTool,
  type RenderWarning,
} from '../../src/index.js';

export interface Rendered {
  output: unknown;
  warnings: RenderWarning[];
}

export const targets: Record<string, (tool: DeclaredTool) => Rendered> = {
  'gemini-parameters': (tool) => {
    const { declaration, warnings } = renderGeminiDeclaration(tool);
    return { output: declaration, warnings };
  },
  'gemini-json-schema': (tool) => {
    const { declaration, warnings } = renderGeminiDeclaration(tool, { dialect: 'json-schema' });
    return { output: declaration, warnings };
  },
  'gemini-json-schema-inlined': (tool) => {
    const { declaration, warnings } = renderGeminiDeclaration(tool, { dialect: 'json-schema', inlineRefs: true });
    return { output: declaration, warnings };
  },
  openai: (tool) => {
    const { tool: output, warnings } = renderOpenAITool(tool);
    return { output, warnings };
  },
  'openai-strict': (tool) => {
    const { tool: output, warnings } = renderOpenAITool(tool, { strict: true });
    return { output, warnings };
  },
  anthropic: (tool) => {
    const { tool: output, warnings } = renderAnthropicTool(tool);
    return { output, warnings };
  },
  mcp: (tool) => {
    const { tool: output, warnings } = renderMcpTool(tool);
    return { output, warnings };
  },
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
