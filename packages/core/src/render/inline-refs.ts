import type { JsonSchema } from '../json-schema.js';
import {
  SCHEMA_ARRAYS,
  SCHEMA_MAPS,
  SCHEMA_SINGLES,
  childPath,
  cloneJson,
  isNullOnly,
  isRecord,
  MAX_REF_EXPANSIONS,
  refName,
  resolveLocalRef,
  withNotes,
} from './schema-walk.js';
import type { RenderResult, RenderWarning } from './types.js';

/**
 * A JSON Schema without `$ref`/`$defs`, for targets whose support of references is in doubt: every reference is
 * inlined (the reference's sibling keywords win over the target's), and recursion is unrolled to `maxDepth`
 * expansions of one reference along a path, then ends in an open schema with a note and a warning.
 */
export function inlineRefs(schema: JsonSchema, maxDepth = 3): RenderResult<JsonSchema> {
  const warnings: RenderWarning[] = [];
  let expansions = 0;
  const inline = (node: JsonSchema, path: string, refs: string[]): JsonSchema => {
    if (node.$ref !== undefined) {
      const { $ref: ref, ...siblings } = node;
      const target = resolveLocalRef(schema, ref);
      if (!target) {
        throw new TypeError(`Cannot render the schema at ${path || '/'}: $ref "${ref}" does not point into the schema`);
      }
      const { $defs: _defs, $schema: _schema, ...body } = target;
      const tooDeep = refs.filter((seen) => seen === ref).length >= maxDepth;
      if (tooDeep || ++expansions > MAX_REF_EXPANSIONS) {
        warnings.push({
          code: 'recursion-truncated',
          path,
          message: tooDeep
            ? `${refName(ref)} nests deeper than ${maxDepth} levels; the deeper levels are an open schema`
            : `more than ${MAX_REF_EXPANSIONS} references were inlined; ${refName(ref)} here is an open schema`,
        });
        const description = withNotes(siblings.description ?? body.description, [
          `Deeper levels have the same shape as ${refName(ref)} above; they are not described further.`,
        ]);
        const open: JsonSchema = looksLikeObject(body) ? { type: 'object' } : {};
        if (description !== undefined) open.description = description;
        return open;
      }
      return inline({ ...body, ...siblings }, path, [...refs, ref]);
    }
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-') || key === '$defs' || key === 'definitions' || value === undefined) continue;
      if (SCHEMA_MAPS.has(key) && isRecord(value)) {
        copy[key] = Object.fromEntries(
          Object.entries(value).map(([name, sub]) => [
            name,
            isRecord(sub) ? inline(sub as JsonSchema, childPath(path, key, name), refs) : cloneJson(sub),
          ]),
        );
      } else if (SCHEMA_ARRAYS.has(key) && Array.isArray(value)) {
        copy[key] = value.map((sub: unknown, index) =>
          isRecord(sub) ? inline(sub as JsonSchema, childPath(path, key, index), refs) : cloneJson(sub),
        );
      } else if (SCHEMA_SINGLES.has(key) && isRecord(value)) {
        copy[key] = inline(value as JsonSchema, childPath(path, key), refs);
      } else {
        copy[key] = cloneJson(value);
      }
    }
    return copy as JsonSchema;
  };
  return { schema: inline(schema, '', []), warnings };
}

function looksLikeObject(schema: JsonSchema): boolean {
  if (schema.type === 'object' || schema.properties !== undefined) return true;
  const union = schema.anyOf ?? schema.oneOf;
  return union !== undefined && union.filter((branch) => !isNullOnly(branch)).every(looksLikeObject);
}
