import { describe, expect, test } from 'vitest';
import { messages, probe } from './harness.js';

describe('revive', () => {
  test('absent when the JSON value is the declared value', () => {
    for (const type of [
      'string',
      '{ a: number; b: string[] }',
      'Record<string, boolean>',
      '[string, number]',
      "'a' | null",
    ]) {
      expect(probe(type).revive, type).toBeUndefined();
    }
  });

  test('reaches Date, URL and bigint inside objects, arrays, records, tuples and nullable wrappers', () => {
    const result = probe(`{
  at: Date;
  site: URL | null;
  big?: bigint;
  plain: string;
  history: Date[];
  byDay: Record<string, { at: Date; n: number }>;
  span: [Date, Date | null, string];
  nested: { deeper: { when: Date } };
}`);
    expect(result.problems).toEqual([]);
    expect(result.revive).toEqual({
      kind: 'object',
      properties: {
        at: { kind: 'date' },
        site: { kind: 'url' },
        big: { kind: 'bigint' },
        history: { kind: 'array', items: { kind: 'date' } },
        byDay: { kind: 'record', values: { kind: 'object', properties: { at: { kind: 'date' } } } },
        span: { kind: 'tuple', items: [{ kind: 'date' }, { kind: 'date' }, null] },
        nested: { kind: 'object', properties: { deeper: { kind: 'object', properties: { when: { kind: 'date' } } } } },
      },
    });
  });

  test('classes inside arrays and sets', () => {
    const result = probe('{ points: Point[]; unique: Set<Point> }', 'export class Point { x = 0; at?: Date }');
    const point = {
      kind: 'class',
      name: 'Point',
      file: expect.stringMatching(/^t\d+\/probe\.ts$/),
      properties: { at: { kind: 'date' } },
    };
    expect(result.revive).toEqual({
      kind: 'object',
      properties: { points: { kind: 'array', items: point }, unique: { kind: 'set', items: point } },
    });
  });

  test('class files are relative to projectDir, with / separators', () => {
    const result = probe('Item', "import { Item } from './models/item.js';", {
      'models/item.ts': 'export class Item { id = "" }',
    });
    expect((result.revive as { file: string }).file).toMatch(/^t\d+\/models\/item\.ts$/);
  });

  test('unions: one reviving member of its own JSON type, or object members merged', () => {
    expect(probe('Date | boolean').revive).toEqual({ kind: 'date' });
    expect(probe('URL | number').revive).toEqual({ kind: 'url' });
    expect(probe('Set<Date> | string').revive).toEqual({ kind: 'set', items: { kind: 'date' } });
    expect(probe('{ kind: "a"; at: Date } | { kind: "b"; until: Date } | { kind: "c" }').revive).toEqual({
      kind: 'object',
      properties: { at: { kind: 'date' }, until: { kind: 'date' } },
    });
  });

  test('unions JSON cannot tell apart are not revived, with a warning', () => {
    const result = probe('Date | string');
    expect(result.revive).toBeUndefined();
    expect(messages(result)).toEqual([
      'warning: parameter "value" has the union string | Date, whose values are not revived: another member ' +
        'takes JSON values that the revival would convert too',
    ]);
    // The Toolbox makes a Date from a number too, so a number member would be turned into a Date.
    expect(probe('Date | number').revive).toBeUndefined();
    const objects = probe('{ kind: "a"; at: Date } | { kind: "b"; at: string }');
    expect(objects.revive).toBeUndefined();
    expect(messages(objects)[0]).toContain('property "at" needs reviving in one member and not in another');
  });
});
