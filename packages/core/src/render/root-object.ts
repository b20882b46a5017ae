import type { JsonSchema } from '../json-schema.js';
import { mergeAllOfWarned } from './merge-schemas.js';
import { isRecord, resolveLocalRef, withNotes } from './schema-walk.js';
import type { RenderWarning, RenderWarningCode } from './types.js';
import { setOwn } from '../own-property.js';

/**
 * The root of a tool's parameters as Gemini and OpenAI strict mode want it: a plain object. An `allOf` at the root is
 * merged first (with the target's `allOfNote`), so that a union it holds is flattened too.
 */
export function rootObject(schema: JsonSchema, warnings: RenderWarning[], allOfNote = ''): JsonSchema {
  if (!schema.allOf || schema.allOf.length === 0) return flattenRootUnion(schema, warnings);
  const warn = (code: RenderWarningCode, message: string) => warnings.push({ code, path: '', message });
  const merged = mergeAllOfWarned(schema, schema, [], warn, allOfNote);
  return flattenRootUnion(merged, warnings);
}

/**
 * Gemini and OpenAI want a plain object at the top of a tool's parameters, never a union. A top-level union of
 * objects becomes one object holding every branch's properties (required: those every branch requires), and a
 * note that tells the model the shapes. The Toolbox still validates against the original union.
 */
export function flattenRootUnion(schema: JsonSchema, warnings: RenderWarning[]): JsonSchema {
  const { anyOf, oneOf, ...base } = schema;
  const union = anyOf && anyOf.length > 0 ? anyOf : oneOf;
  if (!union || union.length === 0) return schema;
  const branches = union.map((branch) => resolveShallow(branch, schema)).filter((branch) => branch.type !== 'null');
  const properties: Record<string, JsonSchema> = { ...(base.properties ?? {}) };
  const fromBranches = new Map<string, JsonSchema[]>();
  for (const branch of branches) {
    for (const [name, property] of Object.entries(branch.properties ?? {})) {
      const list = fromBranches.get(name) ?? [];
      if (!list.some((known) => JSON.stringify(known) === JSON.stringify(property))) list.push(property);
      fromBranches.set(name, list);
    }
  }
  for (const [name, variants] of fromBranches) {
    if (Object.hasOwn(properties, name)) continue;
    setOwn(properties, name, variants.length === 1 ? (variants[0] as JsonSchema) : { anyOf: variants });
  }
  const everywhere = branches
    .map((branch) => branch.required ?? [])
    .reduce<string[] | undefined>(
      (common, required) => (common ? common.filter((name) => required.includes(name)) : [...required]),
      undefined,
    );
  const required = [...new Set([...(base.required ?? []), ...(everywhere ?? [])])];
  const shapes = branches.map(
    (branch, index) => `(${index + 1}) ${Object.keys(branch.properties ?? {}).join(', ') || 'no properties'}`,
  );
  warnings.push({
    code: 'root-union-flattened',
    path: '',
    message: `the top-level union of ${branches.length} objects became one object with all their properties`,
  });
  const flat: JsonSchema = { ...base, type: 'object', properties };
  if (required.length > 0) flat.required = required;
  else delete flat.required;
  const note = `Give the properties of one of these shapes: ${shapes.join('; ')}.`;
  const description = withNotes(base.description, [note]);
  if (description !== undefined) flat.description = description;
  return flat;
}

function resolveShallow(branch: JsonSchema, root: JsonSchema): JsonSchema {
  let node = branch;
  for (let hops = 0; node.$ref !== undefined && hops < 8; hops++) {
    const { $ref: ref, ...siblings } = node;
    const target = resolveLocalRef(root, ref);
    if (!isRecord(target)) return siblings;
    node = { ...target, ...siblings };
  }
  return node;
}
