// The tool form's arguments from its inputs (client/schema.ts): which widget a schema gets, and what each input's
// text becomes, hostile texts included (the form sends what the Toolbox should judge, never a guess of its own).
import { describe, expect, it } from 'vitest';
import { argumentsOf, fieldOf, type Schema } from '../client/schema.js';

const schema: Schema = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    days: { type: 'integer' },
    ratio: { type: 'number' },
    metric: { type: 'boolean' },
    level: { enum: [1, 2, 3] },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    note: { type: ['string', 'null'] },
    near: { $ref: '#/$defs/Point' },
    tags: { type: 'array', items: { type: 'string' } },
    either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
  },
  required: ['city'],
  $defs: {
    Point: {
      type: 'object',
      properties: { lat: { type: 'number' }, lon: { type: 'number' } },
      required: ['lat', 'lon'],
    },
  },
};

describe('the tool form', () => {
  it('gives each parameter the widget its schema asks for', () => {
    const kinds = Object.fromEntries(
      Object.entries(schema.properties!).map(([name, property]) => [name, fieldOf(property, schema).kind]),
    );
    expect(kinds).toEqual({
      city: 'string',
      days: 'integer',
      ratio: 'number',
      metric: 'boolean',
      level: 'enum',
      unit: 'enum',
      note: 'string',
      near: 'object',
      tags: 'json',
      either: 'json',
    });
  });

  it('leaves out what is empty (the default applies, as when the model leaves it out)', () => {
    expect(argumentsOf(schema, schema, {})).toEqual({});
    expect(argumentsOf(schema, schema, { city: 'Oslo', days: '', 'near.lat': '' })).toEqual({ city: 'Oslo' });
  });

  it('turns each input into the JSON value of its type, through $ref and nullable', () => {
    const values = {
      city: 'Oslo',
      days: '3',
      ratio: '-0.5e1',
      metric: 'false',
      level: '2',
      unit: '"fahrenheit"',
      note: 'hi',
      'near.lat': '59.9',
      'near.lon': '10.7',
      tags: '["a", "b"]',
      either: '7',
    };
    expect(argumentsOf(schema, schema, values)).toEqual({
      city: 'Oslo',
      days: 3,
      ratio: -5,
      metric: false,
      level: 2,
      unit: 'fahrenheit',
      note: 'hi',
      near: { lat: 59.9, lon: 10.7 },
      tags: ['a', 'b'],
      either: 7,
    });
  });

  it('sends a number input that holds no number as its text, for the Toolbox to refuse', () => {
    expect(argumentsOf(schema, schema, { city: 'Oslo', days: 'three', ratio: ' ' })).toEqual({
      city: 'Oslo',
      days: 'three',
      ratio: ' ',
    });
  });

  it('says which input is not JSON', () => {
    expect(() => argumentsOf(schema, schema, { tags: '[1,' })).toThrow(/^tags is not JSON/);
  });

  it('stops at a $ref that points nowhere or at itself', () => {
    const looping: Schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { $ref: '#/$defs/A' } },
    };
    expect(fieldOf(looping.properties!.a!, looping).kind).toBe('json');
    const dangling: Schema = { type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } };
    expect(argumentsOf(dangling, dangling, { a: '{"x":1}' })).toEqual({ a: { x: 1 } });
  });
});
