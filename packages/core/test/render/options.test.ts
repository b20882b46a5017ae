// Options and edge behaviour of the renderers that the golden files do not show on their own.
import { describe, expect, it } from 'vitest';
import {
  toGeminiDeclaration,
  toOpenAITool,
  type DeclaredTool,
  type GeminiSchema,
  type RenderWarning,
} from '../../src/index.js';
import { renderGeminiDeclaration } from '../../src/render/gemini-declaration.js';
import { renderGeminiSchema } from '../../src/render/gemini-schema.js';
import { renderMcpTool } from '../../src/render/mcp.js';
import { renderOpenAITool } from '../../src/render/openai.js';
import { fixtures } from './targets.js';

const orgChart = fixtures.find((fixture) => fixture.name === 'update_org_chart')!.tool;

/** How many Employee levels the rendering of `root` describes (objects that still list `reports`). */
function describedLevels(schema: GeminiSchema | undefined): number {
  let levels = 0;
  for (let node = schema; node?.properties?.reports; node = node.properties.reports.items) levels++;
  return levels;
}

describe('Gemini recursion depth', () => {
  it.each([1, 2, 5])('maxRecursionDepth %i describes that many levels, then an open object', (depth) => {
    const { output: declaration, warnings } = renderGeminiDeclaration(orgChart, { maxRecursionDepth: depth });
    const root = declaration.parameters!.properties!.root;
    expect(describedLevels(root)).toBe(depth);
    expect(warnings.filter((warning) => warning.code === 'recursion-truncated').length).toBeGreaterThan(0);
  });

  it('defaults to 3 levels', () => {
    expect(describedLevels(toGeminiDeclaration(orgChart).parameters!.properties!.root)).toBe(3);
  });
});

describe('warnings', () => {
  it('toGeminiDeclaration hands the warnings of renderGeminiDeclaration to onWarning', () => {
    const seen: RenderWarning[] = [];
    const tool = fixtures.find((fixture) => fixture.name === 'search_orders')!.tool;
    toGeminiDeclaration(tool, { onWarning: (warning) => seen.push(warning) });
    expect(seen).toEqual(renderGeminiDeclaration(tool).warnings);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((warning) => warning.tool === 'search_orders')).toBe(true);
  });

  it('name rules of each target are warned about', () => {
    const tool: DeclaredTool = {
      name: '1bad name',
      parameters: { type: 'object', properties: { 'bad-name': { type: 'string' } } },
    };
    const codes = (warnings: RenderWarning[]) => warnings.map((warning) => `${warning.code}@${warning.path}`);
    expect(codes(renderGeminiDeclaration(tool).warnings)).toEqual([
      'name-invalid@',
      'name-invalid@/properties/bad-name',
    ]);
    expect(codes(renderOpenAITool(tool).warnings)).toEqual(['name-invalid@']);
    expect(codes(renderMcpTool(tool).warnings)).toEqual(['name-invalid@']);
  });
});

describe('references', () => {
  it('a reference outside the schema is a programmer error with the path', () => {
    const tool: DeclaredTool = {
      name: 'remote',
      parameters: { type: 'object', properties: { item: { $ref: 'https://example.com/item.json' } } },
    };
    expect(() => toGeminiDeclaration(tool)).toThrow(/\/properties\/item.*https:\/\/example\.com\/item\.json/);
    expect(() => toOpenAITool(tool, { strict: true })).toThrow(TypeError);
    expect(() => toGeminiDeclaration(tool, { dialect: 'json-schema', inlineRefs: true })).toThrow(TypeError);
  });

  it('a reference to the root (#) unrolls like any other', () => {
    const { output: schema, warnings } = renderGeminiSchema({
      type: 'object',
      properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
    });
    expect(schema.properties!.children!.items!.properties!.children!.items!.type).toBe('OBJECT');
    expect(warnings.map((warning) => warning.code)).toContain('recursion-truncated');
  });
});

describe('fresh objects', () => {
  it('mutating a declaration (as the JS SDK does) leaves the manifest schema as it was', () => {
    const tool = structuredClone(fixtures.find((fixture) => fixture.name === 'draw_shape')!.tool);
    const before = JSON.stringify(tool);
    for (const dialect of ['openapi', 'json-schema'] as const) {
      const declaration = toGeminiDeclaration(tool, { dialect });
      const schema = (declaration.parameters ?? declaration.parametersJsonSchema) as Record<string, unknown>;
      const scramble = (value: unknown): void => {
        if (typeof value !== 'object' || value === null) return;
        for (const child of Object.values(value)) scramble(child);
        for (const key of Object.keys(value)) (value as Record<string, unknown>)[key] = 'scrambled';
      };
      scramble(schema);
    }
    expect(JSON.stringify(tool)).toBe(before);
  });
});

describe('unrolling budget', () => {
  // Six types that each refer to all six twice: unrolled three levels per type, this would be astronomically large.
  const names = ['A', 'B', 'C', 'D', 'E', 'F'];
  const $defs = Object.fromEntries(
    names.map((name) => [
      name,
      {
        type: 'object' as const,
        properties: Object.fromEntries(
          names.flatMap((other) => [
            [`${other}1`, { $ref: `#/$defs/${other}` }],
            [`${other}2`, { $ref: `#/$defs/${other}` }],
          ]),
        ),
      },
    ]),
  );
  const tool: DeclaredTool = {
    name: 'graph',
    parameters: { type: 'object', properties: { root: { $ref: '#/$defs/A' } }, $defs },
  };

  it.each([
    ['parameters', () => renderGeminiDeclaration(tool)],
    [
      'parametersJsonSchema with references inlined',
      () => renderGeminiDeclaration(tool, { dialect: 'json-schema', inlineRefs: true }),
    ],
  ])('keeps %s bounded, with warnings', (_name, render) => {
    const { output: declaration, warnings } = render();
    expect(JSON.stringify(declaration).length).toBeLessThan(5_000_000);
    expect(warnings.some((warning) => /more than \d+ references/.test(warning.message))).toBe(true);
  });
});

describe('OpenAI strict mode limits', () => {
  it('warns when objects nest deeper than strict mode allows', () => {
    let schema: DeclaredTool['parameters'] = { type: 'object', properties: { leaf: { type: 'string' } } };
    for (let level = 0; level < 11; level++)
      schema = { type: 'object', properties: { next: schema }, required: ['next'] };
    const shallow = renderOpenAITool(
      { name: 'shallow', parameters: { type: 'object', properties: { a: { type: 'string' } } } },
      { strict: true },
    );
    const deep = renderOpenAITool({ name: 'deep', parameters: schema }, { strict: true });
    expect(shallow.warnings.filter((warning) => warning.code === 'limit-exceeded')).toEqual([]);
    expect(
      deep.warnings.filter((warning) => warning.code === 'limit-exceeded').map((warning) => warning.message),
    ).toEqual(['objects nest 12 levels deep; strict mode allows 10']);
  });
});
