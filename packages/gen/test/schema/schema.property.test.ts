import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { accepts, probe } from './harness.js';

/**
 * Random TypeScript types, each with an arbitrary of JSON values of the type and an arbitrary of values that are
 * not of the type. The property: the schema gen-tools makes for the type accepts every value of the type and
 * rejects every value that is not.
 */
type Shape =
  | { kind: 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'url' | 'template' | 'mixed' }
  | { kind: 'enum'; values: string[] }
  | { kind: 'numbers'; values: number[] }
  | { kind: 'nullable'; inner: Shape }
  | { kind: 'array' | 'set' | 'record'; inner: Shape }
  | { kind: 'tuple'; items: Shape[]; optional: boolean }
  | { kind: 'object'; properties: { shape: Shape; optional: boolean }[] }
  | { kind: 'partial'; inner: Extract<Shape, { kind: 'object' }> };

const shapeArbitrary: fc.Arbitrary<Shape> = fc.letrec<{ shape: Shape }>((tie) => ({
  shape: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<Shape>(
      { kind: 'string' },
      { kind: 'number' },
      { kind: 'integer' },
      { kind: 'boolean' },
      { kind: 'date' },
      { kind: 'url' },
      { kind: 'template' },
      { kind: 'mixed' },
    ),
    fc
      .uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 4 })
      .map((values): Shape => ({ kind: 'enum', values })),
    fc
      .uniqueArray(fc.integer({ min: -5, max: 50 }), { minLength: 1, maxLength: 4 })
      .map((values): Shape => ({ kind: 'numbers', values })),
    tie('shape').map((inner): Shape => ({ kind: 'nullable', inner })),
    fc
      .tuple(fc.constantFrom('array', 'set', 'record') as fc.Arbitrary<'array' | 'set' | 'record'>, tie('shape'))
      .map(([kind, inner]): Shape => ({ kind, inner })),
    fc
      .record({ items: fc.array(tie('shape'), { minLength: 1, maxLength: 3 }), optional: fc.boolean() })
      .map(({ items, optional }): Shape => ({ kind: 'tuple', items, optional })),
    fc
      .array(fc.record({ shape: tie('shape'), optional: fc.boolean() }), { minLength: 1, maxLength: 4 })
      .map((properties): Shape => ({ kind: 'object', properties })),
    fc
      .array(fc.record({ shape: tie('shape'), optional: fc.boolean() }), { minLength: 1, maxLength: 3 })
      .map((properties): Shape => ({ kind: 'partial', inner: { kind: 'object', properties } })),
  ),
})).shape;

/** The TypeScript text of a shape. */
function render(shape: Shape): string {
  switch (shape.kind) {
    case 'string':
    case 'number':
    case 'boolean':
      return shape.kind;
    case 'integer':
      return 'Integer';
    case 'date':
      return 'Date';
    case 'url':
      return 'URL';
    case 'template':
      return '`id-${number}`';
    case 'mixed':
      return '(string | number)';
    case 'partial':
      return `Partial<${render(shape.inner)}>`;
    case 'enum':
      return `(${shape.values.map((value) => JSON.stringify(value)).join(' | ')})`;
    case 'numbers':
      return `(${shape.values.join(' | ')})`;
    case 'nullable':
      return `(${render(shape.inner)} | null)`;
    case 'array':
      return `Array<${render(shape.inner)}>`;
    case 'set':
      return `Set<${render(shape.inner)}>`;
    case 'record':
      return `Record<string, ${render(shape.inner)}>`;
    case 'tuple': {
      const last = shape.items.length - 1;
      const items = shape.items.map((item, index) => `${render(item)}${shape.optional && index === last ? '?' : ''}`);
      return `[${items.join(', ')}]`;
    }
    case 'object': {
      const properties = shape.properties.map(
        (property, index) => `p${index}${property.optional ? '?' : ''}: ${render(property.shape)}`,
      );
      return `{ ${properties.join('; ')} }`;
    }
  }
}

const keyArbitrary = fc.stringMatching(/^[a-z]{1,5}$/);

/** JSON values of the shape (as the model would send them: dates and URLs as strings, sets as unique arrays). */
function valid(shape: Shape): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'string':
      return fc.string();
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'integer':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((date) => date.toISOString());
    case 'url':
      return fc.webUrl();
    case 'template':
      return fc.oneof(
        fc
          .oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true, min: 0 }))
          .map((value) => `id-${value}`),
        fc.constantFrom('id-0x10', 'id-+1', 'id- 1', 'id-1 ', 'id-.5', 'id-1.'),
      );
    case 'mixed':
      return fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'partial':
      return valid({
        kind: 'object',
        properties: shape.inner.properties.map((property) => ({ ...property, optional: true })),
      });
    case 'enum':
    case 'numbers':
      return fc.constantFrom(...(shape.values as unknown[]));
    case 'nullable':
      return fc.oneof(fc.constant(null), valid(shape.inner));
    case 'array':
      return fc.array(valid(shape.inner), { maxLength: 4 });
    case 'set':
      return fc.uniqueArray(valid(shape.inner), {
        maxLength: 4,
        comparator: (a, b) => JSON.stringify(a) === JSON.stringify(b),
      });
    case 'record':
      return fc.dictionary(keyArbitrary, valid(shape.inner), { maxKeys: 4 });
    case 'tuple': {
      const items = shape.items.map(valid);
      if (!shape.optional) return fc.tuple(...items);
      return fc.oneof(fc.tuple(...items), fc.tuple(...items.slice(0, -1)));
    }
    case 'object': {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      shape.properties.forEach((property, index) => {
        model[`p${index}`] = valid(property.shape);
        if (!property.optional) requiredKeys.push(`p${index}`);
      });
      return fc.record(model, { requiredKeys });
    }
  }
}

/** Values of another JSON type than the shape admits (never null where null is allowed). */
function otherKind(shape: Shape): fc.Arbitrary<unknown> {
  const scalar = (exclude: string): fc.Arbitrary<unknown> =>
    fc.constantFrom<unknown>('text', 7, true, [1], { x: 1 }).filter((value) => kindOf(value) !== exclude);
  switch (shape.kind) {
    case 'string':
    case 'date':
    case 'url':
    case 'template':
    case 'enum':
      return scalar('string');
    case 'number':
    case 'integer':
    case 'numbers':
      return scalar('number');
    case 'boolean':
      return scalar('boolean');
    case 'mixed':
      return fc.constantFrom<unknown>(true, [1], { x: 1 });
    case 'partial':
      return scalar('object');
    case 'nullable':
      return otherKind(shape.inner).filter((value) => value !== null);
    case 'array':
    case 'set':
    case 'tuple':
      return scalar('array');
    case 'record':
    case 'object':
      return scalar('object');
  }
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Values that are not of the shape: another kind at the top, or a wrong value somewhere inside. */
function wrong(shape: Shape): fc.Arbitrary<unknown> {
  const inside = wrongInside(shape);
  return inside ? fc.oneof(otherKind(shape), inside) : otherKind(shape);
}

function wrongInside(shape: Shape): fc.Arbitrary<unknown> | undefined {
  switch (shape.kind) {
    case 'integer':
      return fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Number.isInteger(value));
    case 'date':
      return fc.constantFrom('yesterday', '2024-13-45T00:00:00Z', '');
    case 'url':
      return fc.constantFrom('not a url', '');
    case 'template':
      // Strings TypeScript rejects for `id-${number}` (it takes 'id-1 ', 'id- 1', 'id-0x10', 'id-+1').
      return fc.constantFrom('id-', 'id-x', 'xid-1', 'id-1x', 'id--0x10', 'id-Infinity', 'id-1_0');
    case 'enum':
      return fc.string().filter((value) => !shape.values.includes(value));
    case 'numbers':
      return fc.integer().filter((value) => !shape.values.includes(value));
    case 'nullable':
      return wrongInside(shape.inner);
    case 'array':
      return fc
        .tuple(fc.array(valid(shape.inner), { maxLength: 3 }), wrong(shape.inner), fc.nat())
        .map(([items, bad, at]) => {
          const copy = [...items];
          copy.splice(at % (copy.length + 1), 0, bad);
          return copy;
        });
    case 'set':
      return valid(shape.inner).map((value) => [value, value]);
    case 'record':
      return fc
        .tuple(fc.dictionary(keyArbitrary, valid(shape.inner), { maxKeys: 3 }), keyArbitrary, wrong(shape.inner))
        .map(([record, key, bad]) => ({ ...record, [key]: bad }));
    case 'tuple':
      return fc.oneof(
        fc.tuple(...shape.items.map(valid)).map((items) => [...items, 'extra']),
        fc.tuple(wrong(shape.items[0]!), ...shape.items.slice(1).map(valid)),
      );
    case 'partial':
      return wrongInside({
        kind: 'object',
        properties: shape.inner.properties.map((property) => ({ ...property, optional: true })),
      });
    case 'object': {
      const index = shape.properties.findIndex((property) => !property.optional);
      const badProperty = fc
        .tuple(valid(shape), fc.nat({ max: shape.properties.length - 1 }))
        .chain(([value, at]) =>
          wrong(shape.properties[at]!.shape).map((bad) => ({ ...(value as object), [`p${at}`]: bad })),
        );
      if (index < 0) return badProperty;
      const missing = valid(shape).map((value) => {
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[`p${index}`];
        return copy;
      });
      return fc.oneof(badProperty, missing);
    }
    default:
      return undefined;
  }
}

/** The value as the model's JSON arrives (fast-check makes objects without a prototype). */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

describe('schemas accept the values of their type and reject others (fast-check + ajv)', () => {
  test('random types', () => {
    fc.assert(
      fc.property(shapeArbitrary, (shape) => {
        const text = render(shape);
        const result = probe(text, "import type { Integer } from '@toolwright/core';");
        expect(result.problems, text).toEqual([]);
        fc.assert(
          fc.property(valid(shape).map(asJson), (value) => {
            expect(accepts(result.schema, value, result.defs), `${text} accepts ${JSON.stringify(value)}`).toBe(true);
          }),
          { numRuns: 25 },
        );
        fc.assert(
          fc.property(wrong(shape).map(asJson), (value) => {
            expect(accepts(result.schema, value, result.defs), `${text} rejects ${JSON.stringify(value)}`).toBe(false);
          }),
          { numRuns: 25 },
        );
      }),
      { numRuns: 60 },
    );
  });

  test('a recursive type', () => {
    const result = probe('Tree', 'interface Tree { label: string; children?: Tree[] }');
    const tree: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.record(
        { label: fc.string(), children: fc.array(tie('node'), { maxLength: 3 }) },
        { requiredKeys: ['label'] },
      ),
    })).node;
    fc.assert(
      fc.property(tree.map(asJson), (value) => accepts(result.schema, value, result.defs)),
      { numRuns: 100 },
    );
    expect(accepts(result.schema, { label: 'a', children: [{ label: 1 }] }, result.defs)).toBe(false);
    expect(accepts(result.schema, { label: 'a', children: [{ children: [] }] }, result.defs)).toBe(false);
  });
});
