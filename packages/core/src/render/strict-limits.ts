import type { JsonSchema } from '../json-schema.js';
import { isRecord } from './json-value.js';
import type { RenderWarning } from './types.js';

/** Strict mode's size limits, as OpenAI's structured-outputs guide states them. */
const MAX_NESTING = 10;
const MAX_PROPERTIES = 5000;
const MAX_ENUM_VALUES = 1000;

/**
 * The size limits checked on the rendered schema, in a pass of its own: the limits are about what OpenAI receives,
 * and the lowering walk renders more than it keeps (a tuple's positions before their de-duplication) and adds to
 * what it rendered (the `null` an optional property's enum gets), so counts taken during the walk would be wrong;
 * and the object nesting it would have to carry down every call means nothing to the walk's other target.
 */
export function limitWarnings(schema: JsonSchema): RenderWarning[] {
  let properties = 0;
  let enumValues = 0;
  let deepest = 0;
  const walk = (node: JsonSchema, depth: number): void => {
    if (node.properties) {
      depth += 1;
      deepest = Math.max(deepest, depth);
      properties += Object.keys(node.properties).length;
      for (const child of Object.values(node.properties)) walk(child, depth);
    }
    enumValues += node.enum?.length ?? 0;
    for (const child of node.anyOf ?? []) walk(child, depth);
    if (isRecord(node.items)) walk(node.items, depth);
    for (const child of Object.values(node.$defs ?? {})) walk(child, 0);
  };
  walk(schema, 0);
  const warnings: RenderWarning[] = [];
  const limit = (message: string) => warnings.push({ code: 'limit-exceeded', path: '', message });
  if (deepest > MAX_NESTING) limit(`objects nest ${deepest} levels deep; strict mode allows ${MAX_NESTING}`);
  if (properties > MAX_PROPERTIES) limit(`${properties} properties in all; strict mode allows ${MAX_PROPERTIES}`);
  if (enumValues > MAX_ENUM_VALUES) limit(`${enumValues} enum values in all; strict mode allows ${MAX_ENUM_VALUES}`);
  return warnings;
}
