import type { JsonSchema } from '../json-schema.js';

/** Keywords that describe a value without constraining it. */
export const ANNOTATION_KEYWORDS = ['title', 'description', 'default', 'examples', 'deprecated'] as const;

export function isAnnotation(key: string): boolean {
  return (ANNOTATION_KEYWORDS as readonly string[]).includes(key);
}

/** The annotation keywords of a schema, alone. */
export function pickAnnotations(node: JsonSchema): JsonSchema {
  const annotations: Record<string, unknown> = {};
  for (const key of ANNOTATION_KEYWORDS) if (node[key] !== undefined) annotations[key] = node[key];
  return annotations as JsonSchema;
}
