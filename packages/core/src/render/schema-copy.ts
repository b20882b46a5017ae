import type { JsonSchema } from '../json-schema.js';
import { setOwn } from '../own-property.js';
import { childPath } from './json-pointer.js';
import { cloneJson, isRecord } from './json-value.js';
import { SCHEMA_ARRAYS, SCHEMA_MAPS, SCHEMA_SINGLES } from './schema-keywords.js';

/** How one keyword of a node is copied: what its value holds, so that the walk knows where subschemas are. */
export interface KeywordCopy {
  /** `schema`: one subschema; `list`: an array of them; `map`: an object of them by name; `value`: JSON data. */
  readonly holds: 'schema' | 'list' | 'map' | 'value';
  /** The keyword's name in the copy, where it differs (a draft-07 `items` array is 2020-12's `prefixItems`). */
  readonly as?: string;
  /** What the copy holds instead of the node's value (a draft-04 `exclusiveMinimum: true` becomes the bound). */
  readonly value?: unknown;
}

/** The four kinds of keyword, kept as they are. */
export const HOLDS = {
  schema: { holds: 'schema' },
  list: { holds: 'list' },
  map: { holds: 'map' },
  value: { holds: 'value' },
} as const satisfies Record<KeywordCopy['holds'], KeywordCopy>;

/**
 * What one target decides while {@link copyWith} copies a schema; the walk does the recursion, the JSON Pointers and
 * the depth count. `copySchema` is the policy of the targets that take JSON Schema as it is; `cleanForeignSchema`
 * is the one for schemas written elsewhere (any draft, any junk).
 */
export interface SchemaCopyPolicy {
  /**
   * How `key` of `node` (at `path`) is copied, or `undefined` to leave it out. `copy` is the node's copy so far,
   * for a policy that keeps track of where a keyword ended up.
   */
  keyword(
    key: string,
    value: unknown,
    node: Record<string, unknown>,
    path: string,
    copy: Record<string, unknown>,
  ): KeywordCopy | undefined;
  /** Sees every object node (the root at depth 0) before it is copied; a schema returned is its copy. */
  enter?(node: JsonSchema, path: string, depth: number): JsonSchema | undefined;
  /** What a subschema position holding no object becomes; without it, the value as it is (`true`, `false`). */
  nonObject?(value: unknown, path: string, depth: number): unknown;
  /** Sees every copy once its keywords are done, for what depends on more than one keyword. */
  leave?(copy: Record<string, unknown>, node: Record<string, unknown>, path: string): void;
}

/**
 * The structural walk every renderer shares: a schema-aware deep copy that asks `policy` what each keyword holds,
 * and shares nothing with its input.
 */
export function copyWith(schema: JsonSchema, policy: SchemaCopyPolicy, path = '', depth = 0): JsonSchema {
  const entered = policy.enter?.(schema, path, depth);
  if (entered !== undefined) return entered;
  const node = schema as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    const keyword = policy.keyword(key, value, node, path, copy);
    if (keyword === undefined) continue;
    const held = keyword.value !== undefined ? keyword.value : value;
    const name = keyword.as ?? key;
    if (keyword.holds === 'value') copy[name] = cloneJson(held);
    else if (keyword.holds === 'schema') copy[name] = copyChild(held, policy, childPath(path, key), depth + 1);
    else if (keyword.holds === 'list') {
      copy[name] = (held as unknown[]).map((child, index) =>
        copyChild(child, policy, childPath(path, key, index), depth + 1),
      );
    } else {
      const map: Record<string, unknown> = {};
      for (const [entry, child] of Object.entries(held as Record<string, unknown>)) {
        setOwn(map, entry, copyChild(child, policy, childPath(path, key, entry), depth + 1));
      }
      copy[name] = map;
    }
  }
  policy.leave?.(copy, node, path);
  return copy as JsonSchema;
}

function copyChild(value: unknown, policy: SchemaCopyPolicy, path: string, depth: number): unknown {
  if (isRecord(value)) return copyWith(value as JsonSchema, policy, path, depth);
  return policy.nonObject ? policy.nonObject(value, path, depth) : cloneJson(value);
}

/** How {@link copySchema} copies. */
export interface CopyOptions {
  /** Sees every schema node before its copy is made and may return the copy itself (inlining a `$ref`, say). */
  enter?: (node: JsonSchema, path: string) => JsonSchema | undefined;
  /** Keywords left out of every node (besides the manifest's private `x-` keys). */
  omit?: ReadonlySet<string>;
}

/**
 * A JSON Schema (2020-12) copied as it is, for the targets that take JSON Schema. Keys starting with `x-` (private
 * extensions of the manifest) are left out. Property names are data, not keywords, so a property called `x-id` stays.
 */
export function copySchema(schema: JsonSchema, options: CopyOptions = {}, path = ''): JsonSchema {
  const { enter, omit } = options;
  const keyword = omit ? (key: string, value: unknown) => (omit.has(key) ? undefined : asIs(key, value)) : asIs;
  return copyWith(schema, enter ? { keyword, enter } : { keyword }, path);
}

/** What a JSON Schema 2020-12 keyword holds; a keyword whose value has the wrong shape is data. */
function asIs(key: string, value: unknown): KeywordCopy | undefined {
  if (value === undefined || key.startsWith('x-')) return undefined;
  if (SCHEMA_MAPS.has(key)) return isRecord(value) ? HOLDS.map : HOLDS.value;
  if (SCHEMA_ARRAYS.has(key)) return Array.isArray(value) ? HOLDS.list : HOLDS.value;
  if (SCHEMA_SINGLES.has(key)) return isRecord(value) ? HOLDS.schema : HOLDS.value;
  return HOLDS.value;
}
