// cleanForeignSchema: schemas written elsewhere (an MCP server's, any draft) made fit for the Gemini renderers.
import { cleanForeignSchema } from '@toolwright/core';
import { renderGeminiSchema } from '../../src/render/gemini-schema.js';
import { describe, expect, it } from 'vitest';

describe('cleanForeignSchema', () => {
  it('drops document keys, converts draft-04/07 forms, and opens references that lead nowhere', () => {
    const { output: schema, warnings } = cleanForeignSchema({
      $schema: 'http://json-schema.org/draft-04/schema#',
      $id: 'urn:x',
      properties: {
        count: { type: 'integer', minimum: 0, exclusiveMinimum: true },
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false },
        remote: { $ref: 'https://example.com/other.json', description: 'kept' },
        local: { $ref: '#/definitions/Thing' },
        odd: { type: 'any', minLength: '3', not: { type: 'string' } },
      },
      definitions: { Thing: { type: 'object' } },
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        count: { type: 'integer', exclusiveMinimum: 0 },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false },
        remote: { description: 'kept' },
        local: { $ref: '#/definitions/Thing' },
        odd: {},
      },
      definitions: { Thing: { type: 'object' } },
    });
    expect(warnings.map((warning) => warning.path)).toEqual([
      '/properties/remote/$ref',
      '/properties/odd/type',
      '/properties/odd/minLength',
      '/properties/odd/not',
    ]);
  });

  it('makes the root an object schema', () => {
    expect(cleanForeignSchema(undefined).output).toEqual({ type: 'object', properties: {} });
    expect(cleanForeignSchema({ type: 'string' })).toMatchObject({
      output: { type: 'object', properties: {} },
      warnings: [{ path: '/type' }],
    });
  });

  it('resolves a reference at the root, as schema libraries write it, and merges an allOf there', () => {
    const { output, warnings } = cleanForeignSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $ref: '#/definitions/Args',
      definitions: { Args: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
    });
    expect(output).toMatchObject({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] });
    expect(warnings).toEqual([]);
    const union = { oneOf: [{ required: ['a'] }, {}] };
    const merged = cleanForeignSchema({ allOf: [{ properties: { a: { type: 'string' } } }, union] });
    expect(merged.output).toMatchObject({ type: 'object', properties: { a: { type: 'string' } }, ...union });
    expect(merged.warnings.map((warning) => warning.code)).toEqual(['all-of-merged']);
  });

  it('opens a reference whose target cleaning left out, and one that leads in a circle at the root', () => {
    const lost = cleanForeignSchema({ properties: { a: { $ref: '#/not' } }, not: { type: 'string' } });
    expect(lost.output.properties).toEqual({ a: {} });
    expect(lost.warnings.map((warning) => warning.path)).toEqual(['/not', '/properties/a/$ref']);
    const circle = cleanForeignSchema({ $ref: '#/definitions/T', definitions: { T: { $ref: '#/definitions/T' } } });
    expect(circle.output).toMatchObject({ type: 'object', properties: {} });
    expect(circle.warnings.map((warning) => warning.path)).toEqual(['/$ref']);
  });

  it('opens a reference whose pointer holds a broken % escape instead of throwing', () => {
    const { output, warnings } = cleanForeignSchema({ properties: { a: { $ref: '#/%E0%A4%A' } } });
    expect(output.properties).toEqual({ a: {} });
    expect(warnings.map((warning) => warning.path)).toEqual(['/properties/a/$ref']);
  });

  it('gives an array that holds nothing an items schema Gemini takes', () => {
    const rendered = renderGeminiSchema({ type: 'array', items: false });
    expect(rendered.output.maxItems).toBe('0');
    expect(rendered.output.items).toBeDefined();
    expect(rendered.output.items).not.toEqual({});
  });
});
