import type { JsonSchema } from '../json-schema.js';
import { RefExpansion, truncationNote } from './ref-expansion.js';
import { withNotes } from './description-notes.js';
import { copySchema } from './schema-copy.js';
import { isNullOnly } from './schema-types.js';
import type { RenderResult, RenderWarning } from './types.js';

const DEFINITIONS = new Set(['$defs', 'definitions']);

/**
 * A JSON Schema without `$ref`/`$defs`, for targets whose support of references is in doubt: every reference is
 * inlined (the reference's sibling keywords win over the target's), and recursion is unrolled to `maxDepth`
 * expansions of one reference along a path, then ends in an open schema with a note and a warning.
 */
export function inlineRefs(schema: JsonSchema, maxDepth: number): RenderResult<JsonSchema> {
  const warnings: RenderWarning[] = [];
  const expansion = new RefExpansion(schema, maxDepth);
  const inline = (node: JsonSchema, path: string, refs: readonly string[]): JsonSchema =>
    copySchema(
      node,
      { omit: DEFINITIONS, enter: (child, at) => (child.$ref === undefined ? undefined : expand(child, at, refs)) },
      path,
    );
  const expand = (node: JsonSchema, path: string, refs: readonly string[]): JsonSchema => {
    const { $ref: ref = '', ...siblings } = node;
    const body = expansion.target(ref, path);
    const stop = expansion.stop(ref, refs, path);
    if (!stop) return inline({ ...body, ...siblings }, path, [...refs, ref]);
    warnings.push(stop);
    const description = withNotes(siblings.description ?? body.description, [truncationNote(ref)]);
    const open: JsonSchema = looksLikeObject(body) ? { type: 'object' } : {};
    if (description !== undefined) open.description = description;
    return open;
  };
  return { output: inline(schema, '', []), warnings };
}

function looksLikeObject(schema: JsonSchema): boolean {
  if (schema.type === 'object' || schema.properties !== undefined) return true;
  const union = schema.anyOf ?? schema.oneOf;
  return union?.filter((branch) => !isNullOnly(branch)).every(looksLikeObject) === true;
}
