// Closed object types: values with properties TypeScript rejects (excess properties) must fail validation.
import { describe, expect, test } from 'vitest';
import { accepts, probe } from './harness.js';

const prelude = `
interface Address { street: string; city: string; country: string }
type Shape = { kind: 'circle'; r: number } | { kind: 'square'; side: number };
type Named = { name: string };
type Aged = { age?: number };
class Point { x = 0; y = 0; move(): void {} }`;

function check(type: string, good: unknown[], bad: unknown[]): void {
  const { schema, defs, problems } = probe(type, prelude);
  expect(problems).toEqual([]);
  for (const value of good) expect(accepts(schema, value, defs), `${type} accepts ${JSON.stringify(value)}`).toBe(true);
  for (const value of bad) expect(accepts(schema, value, defs), `${type} rejects ${JSON.stringify(value)}`).toBe(false);
}

describe('closed object types', () => {
  test('interfaces, type literals and classes reject properties they do not declare', () => {
    check('Address', [{ street: 's', city: 'c', country: 'x' }], [{ street: 's', city: 'c', country: 'x', zip: '1' }]);
    check('{ a: string; b?: number }', [{ a: 'x' }, { a: 'x', b: 1 }], [{ a: 'x', c: 1 }]);
    check('Point', [{}, { x: 1, y: 2 }], [{ x: 1, z: 3 }]);
  });

  test('utility and mapped types are closed over their own properties', () => {
    check("Pick<Address, 'street'>", [{ street: 's' }], [{ street: 's', country: 'x' }]);
    check("Omit<Address, 'country'>", [{ street: 's', city: 'c' }], [{ street: 's', city: 'c', country: 'x' }]);
    check('Partial<Address>', [{}, { city: 'c' }], [{ zip: '1' }]);
    check('{ [K in "x" | "y"]: number }', [{ x: 1, y: 2 }], [{ x: 1, y: 2, z: 3 }]);
  });

  test('an intersection is closed over the union of its members, not each member alone', () => {
    expect(probe('Named & Aged', prelude).schema).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'number' } },
      required: ['name'],
      additionalProperties: false,
    });
    check('Named & Aged', [{ name: 'n' }, { name: 'n', age: 3 }], [{ name: 'n', age: 3, extra: true }]);
  });

  test("each member of a union of objects is closed: one member's field does not pass on another", () => {
    check(
      'Shape',
      [
        { kind: 'circle', r: 1 },
        { kind: 'square', side: 2 },
      ],
      [
        { kind: 'circle', r: 1, side: 2 },
        { kind: 'square', side: 2, r: 1 },
      ],
    );
  });

  test('records and index signatures keep their value schema; an empty type stays open', () => {
    check('Record<string, number>', [{ a: 1, b: 2 }], [{ a: 'x' }]);
    check('{ name: string; [key: string]: string }', [{ name: 'n', other: 'o' }], [{ name: 'n', other: 1 }]);
    check('{}', [{ anything: 1 }], []);
    expect(probe('{}').schema).toEqual({ type: 'object' });
  });

  test('nested and recursive objects are closed too', () => {
    check(
      '{ to: Address[] }',
      [{ to: [{ street: 's', city: 'c', country: 'x' }] }],
      [{ to: [{ street: 's', city: 'c', country: 'x', zip: 1 }] }, { to: [], cc: [] }],
    );
    const tree = probe('Tree', 'interface Tree { value: string; children?: Tree[] }');
    expect(accepts(tree.schema, { value: 'a', children: [{ value: 'b' }] }, tree.defs)).toBe(true);
    expect(accepts(tree.schema, { value: 'a', children: [{ value: 'b', extra: 1 }] }, tree.defs)).toBe(false);
  });
});
