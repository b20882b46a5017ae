import { Project } from 'ts-morph';
import { describe, expect, test } from 'vitest';
import { createSchemaBuilder } from '../../src/schema/index.js';

const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true } });
const file = project.createSourceFile(
  '/src/tools.ts',
  `interface Bad { name: string; run: () => void }
interface Tree { label: string; kids: Tree[] }
export function first(bad: Bad, tree: Tree, again: Tree) {}
export function second(bad: Bad, trees: Tree[]) {}`,
);
const [badA, treeA, againA] = file.getFunctionOrThrow('first').getParameters();
const [badB, treesB] = file.getFunctionOrThrow('second').getParameters();

function builder(messages: string[]) {
  const checker = project.getTypeChecker().compilerObject;
  return createSchemaBuilder({
    projectDir: '/src',
    checker,
    report: (_node, code, message) => messages.push(`${code}: ${message}`),
  });
}

describe('SchemaBuilder', () => {
  test('a type mapped once (and cached) reports its problems again for every builder and parameter', () => {
    const messagesA: string[] = [];
    const messagesB: string[] = [];
    const a = builder(messagesA).typeSchema(badA!.getType().compilerType, badA!.compilerNode);
    const b = builder(messagesB).typeSchema(badB!.getType().compilerType, badB!.compilerNode);
    expect(b).toEqual(a);
    expect(messagesA).toEqual([
      'TW3001: parameter "bad": property "run" has a function type () => void, which JSON cannot carry',
    ]);
    expect(messagesB).toEqual([
      'TW3001: parameter "bad": property "run" has a function type () => void, which JSON cannot carry',
    ]);
  });

  test("the top-level schema is the caller's own: changing it changes nothing cached", () => {
    const one = builder([]).typeSchema(badA!.getType().compilerType, badA!.compilerNode);
    one.schema.description = 'changed';
    const two = builder([]).typeSchema(badA!.getType().compilerType, badA!.compilerNode);
    expect(two.schema.description).toBeUndefined();
  });

  test('$defs belong to one builder: each tool gets the definitions its parameters use', () => {
    const first = builder([]);
    expect(first.definitions()).toBeUndefined();
    expect(first.typeSchema(treeA!.getType().compilerType, treeA!.compilerNode).schema).toEqual({
      $ref: '#/$defs/Tree',
    });
    expect(first.typeSchema(againA!.getType().compilerType, againA!.compilerNode).schema).toEqual({
      $ref: '#/$defs/Tree',
    });
    expect(Object.keys(first.definitions()!)).toEqual(['Tree']);

    const second = builder([]);
    expect(second.typeSchema(treesB!.getType().compilerType, treesB!.compilerNode).schema).toEqual({
      type: 'array',
      items: { $ref: '#/$defs/Tree' },
    });
    expect(second.definitions()).toEqual(first.definitions());
    expect(builder([]).definitions()).toBeUndefined();
  });
});
