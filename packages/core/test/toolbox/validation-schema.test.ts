// The schema the Toolbox (and gen-tools --validators) compiles: the declared one made strict, annotations left out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonSchema, ObjectJsonSchema } from '@toolwright/core';
import { validationSchema } from '@toolwright/core/validator-build';

const ANNOTATIONS = ['description', 'title', 'examples', 'default', '$comment', 'deprecated'];

/** Every keyword at every schema node the walk reaches, with the node's path. */
function keywords(schema: JsonSchema, path = '#'): string[] {
  const found = Object.keys(schema).map((key) => `${path}/${key}`);
  const children: (readonly [string, JsonSchema])[] = [
    ...Object.entries(schema.properties ?? {}).map(([name, child]) => [`${path}/properties/${name}`, child] as const),
    ...(typeof schema.items === 'object' ? [[`${path}/items`, schema.items] as const] : []),
    ...(schema.anyOf ?? []).map((child, i) => [`${path}/anyOf/${i}`, child] as const),
  ];
  return [...found, ...children.flatMap(([at, child]) => keywords(child, at))];
}

describe('validationSchema', () => {
  // Annotated schemas with properties named like the annotations, and annotation-like words inside enum and const.
  const annotated = fc
    .record(
      {
        description: fc.string(),
        title: fc.string(),
        default: fc.jsonValue(),
        examples: fc.array(fc.jsonValue(), { maxLength: 2 }),
      },
      { requiredKeys: [] },
    )
    .map((annotations) => annotations as JsonSchema);
  const { schema } = fc.letrec<{ schema: JsonSchema }>((tie) => ({
    schema: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc
        .tuple(
          annotated,
          fc.constantFrom<JsonSchema>(
            { type: 'string' },
            { enum: ['description', 'default'] },
            {
              const: { title: 'x' },
            },
          ),
        )
        .map(([a, b]) => ({ ...a, ...b })),
      fc
        .tuple(
          annotated,
          fc.dictionary(fc.constantFrom('description', 'title', 'default', 'a'), tie('schema'), { maxKeys: 3 }),
        )
        .map(([a, properties]) => ({ ...a, type: 'object' as const, properties })),
      fc.tuple(annotated, tie('schema')).map(([a, items]) => ({ ...a, type: 'array' as const, items })),
      fc
        .tuple(annotated, fc.array(tie('schema'), { minLength: 1, maxLength: 3 }))
        .map(([a, anyOf]) => ({ ...a, anyOf })),
    ),
  }));

  it('leaves out annotations at every node and keeps every other keyword, property name and value', () => {
    fc.assert(
      fc.property(schema, fc.boolean(), (properties, rejectExtra) => {
        const declared: ObjectJsonSchema = { type: 'object', properties: { root: properties } };
        const validated = validationSchema(declared, rejectExtra);
        const kept = keywords(validated);
        const isAnnotation = (path: string) => ANNOTATIONS.includes(path.slice(path.lastIndexOf('/') + 1));
        // Annotation keywords are gone; the keywords and property names that are not annotations are all there.
        expect(kept.filter(isAnnotation).filter((path) => !/\/properties\/[^/]+$/.test(path))).toEqual([]);
        const expected = keywords(declared).filter((path) => !isAnnotation(path) || /\/properties\/[^/]+$/.test(path));
        const added = rejectExtra ? kept.filter((path) => path.endsWith('/additionalProperties')) : [];
        expect(kept.sort()).toEqual([...expected, ...added].sort());
        // Only with rejectExtraProperties is anything added.
        if (!rejectExtra) expect(added).toEqual([]);
      }),
    );
  });
});
