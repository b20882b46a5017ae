// Every renderer has one public form, `toX(input, { onWarning? })`: it returns the plain target object and hands each
// warning to onWarning. Inside core each is made from a `renderX` that returns `{ output, warnings }`; the two say
// the same, and the package's root exports only the first.
import { describe, expect, it } from 'vitest';
import {
  toAnthropicTool,
  toGeminiDeclaration,
  toGeminiJsonSchema,
  toGeminiSchema,
  toMcpTool,
  toOpenAIStrictSchema,
  toOpenAITool,
  type DeclaredTool,
  type RenderWarning,
} from '../../src/index.js';
import { renderAnthropicTool } from '../../src/render/anthropic.js';
import { renderGeminiDeclaration, renderGeminiJsonSchema } from '../../src/render/gemini-declaration.js';
import { renderGeminiSchema } from '../../src/render/gemini-schema.js';
import { renderMcpTool } from '../../src/render/mcp.js';
import { renderOpenAITool } from '../../src/render/openai.js';
import { renderOpenAIStrictSchema } from '../../src/render/openai-strict.js';
import type { RenderResult } from '../../src/render/types.js';
import { fixtures } from './targets.js';

/** A tool that makes every renderer warn: a bad name, a tuple, a record, an optional property, a recursion. */
const warned: DeclaredTool = {
  name: 'bad name!',
  parameters: {
    type: 'object',
    properties: {
      pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] },
      byKey: { type: 'object', additionalProperties: { type: 'number' } },
      node: { $ref: '#/$defs/Node' },
    },
    $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
  },
};

type ToForm = (input: DeclaredTool, onWarning: (warning: RenderWarning) => void) => unknown;
type RenderForm = (input: DeclaredTool) => RenderResult<unknown>;

const pairs: [string, ToForm, RenderForm][] = [
  [
    'GeminiDeclaration',
    (tool, onWarning) => toGeminiDeclaration(tool, { onWarning }),
    (tool) => renderGeminiDeclaration(tool),
  ],
  [
    'GeminiSchema',
    (tool, onWarning) => toGeminiSchema(tool.parameters, { onWarning }),
    (tool) => renderGeminiSchema(tool.parameters),
  ],
  [
    'GeminiJsonSchema',
    (tool, onWarning) => toGeminiJsonSchema(tool.parameters, { inlineRefs: true, onWarning }),
    (tool) => renderGeminiJsonSchema(tool.parameters, { inlineRefs: true }),
  ],
  [
    'OpenAITool',
    (tool, onWarning) => toOpenAITool(tool, { strict: true, onWarning }),
    (tool) => renderOpenAITool(tool, { strict: true }),
  ],
  [
    'OpenAIStrictSchema',
    (tool, onWarning) => toOpenAIStrictSchema(tool.parameters, { onWarning }),
    (tool) => renderOpenAIStrictSchema(tool.parameters),
  ],
  ['AnthropicTool', (tool, onWarning) => toAnthropicTool(tool, { onWarning }), (tool) => renderAnthropicTool(tool)],
  ['McpTool', (tool, onWarning) => toMcpTool(tool, { onWarning }), (tool) => renderMcpTool(tool)],
];

describe.each(pairs)('to%s and render%s', (_name, to, render) => {
  it('toX returns the target object, renderX the same object with the warnings, which toX hands to onWarning', () => {
    for (const input of [warned, ...fixtures.map((fixture) => fixture.tool)]) {
      const seen: RenderWarning[] = [];
      const plain = to(input, (warning) => seen.push(warning));
      const rendered = render(input);
      expect(Object.keys(rendered)).toEqual(['output', 'warnings']);
      expect(plain).toEqual(rendered.output);
      expect(seen).toEqual(rendered.warnings);
    }
    expect(render(warned).warnings.length).toBeGreaterThan(0);
  });
});

it("the package's root exports one form per renderer: toX, and no renderX", async () => {
  const root = await import('@toolwright/core');
  const names = Object.keys(root);
  expect(names.filter((name) => /^render[A-Z]/.test(name))).toEqual([]);
  for (const [name] of pairs) expect(names).toContain(`to${name}`);
});
