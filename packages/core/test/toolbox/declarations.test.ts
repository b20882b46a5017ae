import { describe, expect, it } from 'vitest';
import { toGeminiDeclaration, Toolbox } from '@toolwright/core';
import { manifest, WeatherService } from './weather-service.js';

describe('toolbox.declarations()', () => {
  const toolbox = () => new Toolbox([new WeatherService()], manifest);

  it('renders each bound tool with the merged name and description, Gemini OpenAPI by default', () => {
    const declarations = toolbox().declarations();
    expect(declarations.map((d) => d.name)).toEqual(['getForecast', 'add_numbers', 'wait', 'book', 'explode']);
    const add = declarations[1]!;
    expect(add.description).toBe('Adds numbers (decorator text wins)');
    expect(add.parameters).toMatchObject({
      type: 'OBJECT',
      properties: { a: { type: 'NUMBER' }, b: { type: 'NUMBER' } },
      required: ['a'],
    });
    expect(add.parametersJsonSchema).toBeUndefined();
    // The renderer is the one source of truth for the shape.
    const bound = toolbox().get('getForecast')!;
    expect(declarations[0]).toEqual(
      toGeminiDeclaration({ name: bound.name, description: bound.description!, parameters: bound.parameters }),
    );
  });

  it('leaves the ToolContext parameter out', () => {
    const wait = toolbox()
      .declarations()
      .find((d) => d.name === 'wait')!;
    expect(Object.keys(wait.parameters!.properties!)).toEqual(['ms']);
  });

  it('json-schema dialect fills parametersJsonSchema', () => {
    const declarations = toolbox().declarations({ dialect: 'json-schema' });
    expect(declarations[0]!.parameters).toBeUndefined();
    expect(declarations[0]!.parametersJsonSchema).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city', 'days'],
    });
  });

  it('passes the renderer warnings on', () => {
    const warnings: string[] = [];
    toolbox().declarations({ onWarning: (warning) => warnings.push(`${warning.tool}:${warning.code}`) });
    // `uniqueItems` on book's Set parameter has no Gemini OpenAPI equivalent.
    expect(warnings).toContain('book:constraint-loosened');
  });

  it('hands out new objects each time, so an SDK rewriting them in place cannot change the Toolbox', () => {
    const box = toolbox();
    for (const dialect of ['openapi', 'json-schema'] as const) {
      const first = box.declarations({ dialect });
      const schema = (first[0]!.parameters ?? first[0]!.parametersJsonSchema) as {
        properties: Record<string, { type: string }>;
      };
      schema.properties.city!.type = 'CHANGED';
      const again = box.declarations({ dialect });
      expect(JSON.stringify(again)).not.toContain('CHANGED');
    }
    expect(box.get('getForecast')!.parameters.properties.city).toMatchObject({ type: 'string' });
  });
});
