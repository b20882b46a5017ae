// Every renderer has the same two forms: `toX(input, { onWarning? })` returns the plain target object and hands
// each warning to onWarning; `renderX(input, options?)` returns `{ output, warnings }`. Both say the same.
import { describe, expect, it } from 'vitest';
import {
  renderAnthropicTool,
  renderGeminiDeclaration,
  renderGeminiJsonSchema,
  renderGeminiSchema,
  renderMcpTool,
  renderOpenAIStrictSchema,
  renderOpenAITool,
  toAnthropicTool,
  toGeminiDeclaration,
  toGeminiJsonSchema,
  toGeminiSchema,
  toMcpTool,
  toOpenAIStrictSchema,
  toOpenAITool,
  type DeclaredTool,
  type RenderResult,
  type RenderWarning,
} from '../../src/index.js';
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
