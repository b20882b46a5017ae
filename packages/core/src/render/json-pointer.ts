import type { JsonSchema } from '../json-schema.js';
import { isRecord } from './json-value.js';

/** Appends one segment to a JSON Pointer. */
export function childPath(path: string, ...segments: (string | number)[]): string {
  return segments.reduce<string>(
    (joined, segment) => `${joined}/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`,
    path,
  );
}

/** The schema a local `$ref` (`#`, `#/$defs/Name`, any JSON Pointer into the root) points at, if any. */
export function resolveLocalRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (ref !== '#' && !ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref === '#' ? [] : ref.slice(2).split('/')) {
    const segment = decodeSegment(raw);
    if (segment === undefined) return undefined;
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isRecord(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return isRecord(node) ? (node as JsonSchema) : undefined;
}

/** The last segment of a `$ref`, as a readable name (`#/$defs/TreeNode` -> `TreeNode`). */
export function refName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  return last === '#' || last === '' ? 'the whole schema' : (uriDecoded(last) ?? last);
}

/**
 * One segment of a `$ref`'s pointer, or of an ajv error's `schemaPath` (both URI-encoded), as the key it names;
 * `undefined` for a broken `%` escape (foreign schemas).
 */
export function decodeSegment(raw: string): string | undefined {
  return uriDecoded(raw)?.replaceAll('~1', '/').replaceAll('~0', '~');
}

function uriDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
