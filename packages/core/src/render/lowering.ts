import type { JsonSchema, JsonSchemaType } from '../json-schema.js';
import { mergeAllOfWarned } from './merge-schemas.js';
import { RefExpansion } from './ref-expansion.js';
import { isAnnotation } from './annotations.js';
import { formatNote } from './description-notes.js';
import { childPath } from './json-pointer.js';
import { isRecord } from './json-value.js';
import { isNullOnly } from './schema-types.js';
import { summarizeType } from './type-summary.js';
import type { RenderResult, RenderWarning, RenderWarningCode } from './types.js';

/** What every lowered node can be: a union of nodes of its own kind. */
export interface LoweredNode<Out> {
  anyOf?: Out[];
}

/**
 * What one target decides while a schema is lowered into its dialect; {@link Lowering} does the walk. The walk
 * resolves references, merges `allOf`, turns `oneOf` into `anyOf`, splits type arrays where the target has none,
 * spreads a union's constraints over its branches, drops unknown keywords, lowers arrays and tuples and writes the
 * shared description notes. The policy shapes each node.
 */
export interface LoweringPolicy<Out extends LoweredNode<Out>> {
  /** The target as messages name it: `Gemini`, `strict mode`. */
  readonly name: string;
  /** Keywords the target lowers; any other is left out with a warning. */
  readonly keywords: ReadonlySet<string>;
  /** Appended to "is not supported" in the warning for an unknown keyword. */
  readonly unsupportedIn: string;
  /** Appended to the `all-of-merged` warning. */
  readonly allOfNote: string;
  /** The target takes `type: [A, B]`; otherwise a type array becomes a union. */
  readonly typeArrays: boolean;
  /** A node with `$ref` (the walk's `expand` inlines it). */
  ref(walk: Lowering<Out>, node: JsonSchema & { $ref: string }, path: string, refs: readonly string[]): Out;
  /** `allOf` reached `ref` again on the path (merging would never end). */
  recursion(walk: Lowering<Out>, ref: string, node: JsonSchema, path: string, refs: readonly string[]): Out;
  /** A union: its branches already carry the constraints that stood beside `anyOf`. */
  union(
    walk: Lowering<Out>,
    branches: JsonSchema[],
    annotations: JsonSchema,
    path: string,
    refs: readonly string[],
  ): Out;
  /** A node without `$ref`, `allOf`, `oneOf` or `anyOf`. */
  single(walk: Lowering<Out>, node: JsonSchema, path: string, refs: readonly string[]): Out;
  /** The `items` of an array that holds no items at all. */
  noItems(walk: Lowering<Out>, path: string, refs: readonly string[]): Out;
  /** The nodes a lowered node stands for among a tuple's positions (a bare union: its branches). */
  positions(node: Out): Out[];
}

/** How an array's items were lowered, for the policy to write in its own encoding. */
export interface LoweredItems<Out> {
  items: Out;
  minItems?: number;
  maxItems?: number;
}

/** Keywords that tell about the document, never constrain a value: a union keeps them out of its branches. */
const DOCUMENT_KEYWORDS = new Set([
  '$defs',
  '$schema',
  '$id',
  '$comment',
  '$anchor',
  'definitions',
  'readOnly',
  'writeOnly',
]);

/**
 * The one walk that lowers a manifest's JSON Schema into a narrower dialect (Gemini `parameters`, OpenAI strict
 * mode). `refs` is the list of references expanded on the way to a node, to count recursion.
 */
export class Lowering<Out extends LoweredNode<Out>> {
  readonly warnings: RenderWarning[] = [];
  private readonly refs: RefExpansion;

  constructor(
    readonly root: JsonSchema,
    readonly policy: LoweringPolicy<Out>,
    /** How often one `$ref` may be expanded along one path. */
    maxDepth: number,
  ) {
    this.refs = new RefExpansion(root, maxDepth);
  }

  warn(code: RenderWarningCode, path: string, message: string): void {
    this.warnings.push({ code, path, message });
  }

  render(input: JsonSchema, path: string, refs: readonly string[]): Out {
    if (input.$ref !== undefined) return this.policy.ref(this, input as JsonSchema & { $ref: string }, path, refs);
    let node = input;
    if (node.allOf && node.allOf.length > 0) {
      const resolved: string[] = [];
      const merged = mergeAllOfWarned(
        node,
        this.root,
        resolved,
        (code, message) => this.warn(code, path, message),
        this.policy.allOfNote,
      );
      // References inlined by the merge count as expansions, so that recursion through allOf ends too.
      const recursive = resolved.find((ref) => this.refs.tooDeep(ref, refs));
      if (recursive !== undefined) return this.policy.recursion(this, recursive, node, path, refs);
      return this.render(merged, path, [...refs, ...new Set(resolved)]);
    }
    if (node.oneOf && node.oneOf.length > 0) node = this.oneOfAsAnyOf(node, path);
    if (!this.policy.typeArrays && Array.isArray(node.type)) node = splitTypeArray(node);
    if (node.anyOf && node.anyOf.length > 0) return this.union(node, path, refs);
    return this.single(node, path, refs);
  }

  /** A node the policy shapes alone, after the keywords the target does not know were reported. */
  single(node: JsonSchema, path: string, refs: readonly string[]): Out {
    for (const key of Object.keys(node)) {
      if (!this.policy.keywords.has(key) && !key.startsWith('x-')) {
        const message = `"${key}" is not supported${this.policy.unsupportedIn} and was left out`;
        this.warn('keyword-dropped', childPath(path, key), message);
      }
    }
    return this.policy.single(this, node, path, refs);
  }

  /** The schema a `$ref` points at, without its document keys; a reference elsewhere is an error. */
  target(ref: string, path: string): JsonSchema {
    return this.refs.target(ref, path);
  }

  /** Ends the unrolling of `ref` here, with a warning: `allOf` reached it again on the path. */
  truncate(ref: string, path: string): void {
    this.warnings.push(this.refs.truncation(ref, path));
  }

  /**
   * Inlines a reference (its siblings win over the target's keywords), until one reference was expanded
   * `maxDepth` times on the path or the whole schema used up its budget: there `truncated` ends the branch.
   */
  expand(
    node: JsonSchema & { $ref: string },
    path: string,
    refs: readonly string[],
    truncated: (ref: string, description: string | undefined) => Out,
  ): Out {
    const { $ref: ref, ...siblings } = node;
    const body = this.refs.target(ref, path);
    const stop = this.refs.stop(ref, refs, path);
    if (stop) {
      this.warnings.push(stop);
      return truncated(ref, siblings.description);
    }
    return this.render({ ...body, ...siblings }, path, [...refs, ref]);
  }

  private oneOfAsAnyOf(node: JsonSchema, path: string): JsonSchema {
    const { oneOf = [], ...rest } = node;
    if (rest.anyOf && rest.anyOf.length > 0) {
      this.warn('keyword-dropped', path, 'oneOf next to anyOf was left out');
      return rest;
    }
    const message = `oneOf became anyOf (${this.policy.name} has no oneOf); exclusivity is not enforced`;
    this.warn('one-of-as-any-of', path, message);
    return { ...rest, anyOf: oneOf };
  }

  /** Keywords next to `anyOf` apply to every branch but a null one: they move into the branches. */
  private union(node: JsonSchema, path: string, refs: readonly string[]): Out {
    const { anyOf = [], ...rest } = node;
    const annotations: Record<string, unknown> = {};
    const constraints: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rest)) {
      if (isAnnotation(key)) annotations[key] = value;
      else if (!DOCUMENT_KEYWORDS.has(key) && !key.startsWith('x-')) constraints[key] = value;
    }
    const spread = Object.keys(constraints).length > 0;
    const branches = anyOf.map((branch) =>
      spread && !isNullOnly(branch) ? { allOf: [constraints as JsonSchema, branch] } : branch,
    );
    return this.policy.union(this, branches, annotations as JsonSchema, path, refs);
  }

  /**
   * An array's items: a tuple (`prefixItems`) becomes an array whose items may be any of the positions' types
   * (de-duplicated), with a note of the types by position; `items: false` allows no items at all.
   */
  items(node: JsonSchema, notes: string[], path: string, refs: readonly string[]): LoweredItems<Out> {
    const itemsPath = childPath(path, 'items');
    let maxItems = node.maxItems;
    let items: Out;
    if (node.prefixItems && node.prefixItems.length > 0) {
      const positions = [...node.prefixItems];
      if (node.items === false) maxItems = Math.min(maxItems ?? Infinity, positions.length);
      else if (isRecord(node.items)) positions.push(node.items);
      const rendered = positions.flatMap((position, index) =>
        this.policy.positions(this.render(position, childPath(itemsPath, 'anyOf', index), refs)),
      );
      const unique = uniqueNodes(rendered);
      items = unique.length === 1 ? (unique[0] as Out) : ({ anyOf: unique } as Out);
      const tuple = node.prefixItems.map((position) => summarizeType(position)).join(', ');
      notes.push(`Item by position: [${tuple}${isRecord(node.items) ? `, ...${summarizeType(node.items)}` : ''}].`);
      if (unique.length > 1 || node.minItems !== maxItems) {
        this.warn('tuple-loosened', path, `the tuple [${tuple}] became an array whose items may be any of its types`);
      }
    } else if (node.items === false) {
      maxItems = 0;
      items = this.policy.noItems(this, itemsPath, refs);
    } else {
      items = this.render(isRecord(node.items) ? node.items : {}, itemsPath, refs);
    }
    if (node.uniqueItems === true) this.loosen(notes, 'Items must be unique.', path, 'uniqueItems became a note');
    const lowered: LoweredItems<Out> = { items };
    if (node.minItems !== undefined) lowered.minItems = node.minItems;
    if (maxItems !== undefined) lowered.maxItems = maxItems;
    return lowered;
  }

  /** `additionalProperties` the target cannot say: a note of what else the object may hold. */
  openObject(node: JsonSchema, hasProperties: boolean, notes: string[], path: string, warning = ''): void {
    const extra = node.additionalProperties;
    if (extra === undefined || extra === false) return;
    const values = extra === true ? 'any value' : summarizeType(extra);
    notes.push(
      hasProperties
        ? `More properties may be added under any name; their values are ${values}.`
        : `An object whose keys are any names and whose values are ${values}.`,
    );
    this.warn('additional-properties', path, `${warning}additionalProperties (${values}) became a note`);
  }

  /** A string format the target takes, or `undefined` after a note (and a warning where `message` says one). */
  format(
    format: string,
    accepted: ReadonlySet<string>,
    notes: string[],
    path: string,
    message?: string,
  ): string | undefined {
    if (accepted.has(format)) return format;
    notes.push(formatNote(format));
    if (message !== undefined) this.warn('constraint-loosened', path, message);
    return undefined;
  }

  /** A constraint said as a note instead. */
  loosen(notes: string[], note: string, path: string, message: string): void {
    notes.push(note);
    this.warn('constraint-loosened', path, message);
  }
}

/** Lowers a whole schema through `policy`. */
export function lower<Out extends LoweredNode<Out>>(
  schema: JsonSchema,
  policy: LoweringPolicy<Out>,
  maxDepth: number,
  path = '',
): RenderResult<Out> {
  const walk = new Lowering(schema, policy, maxDepth);
  return { output: walk.render(schema, path, []), warnings: walk.warnings };
}

/** Nodes without the repeats (compared as JSON), first ones first. */
export function uniqueNodes<T>(nodes: T[]): T[] {
  const seen = new Set<string>();
  return nodes.filter((node) => {
    const key = JSON.stringify(node);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `type: [A, B, 'null']` as a union, so that each branch gets one type. */
function splitTypeArray(node: JsonSchema): JsonSchema {
  const types = [...new Set(node.type as JsonSchemaType[])];
  const nonNull = types.filter((type) => type !== 'null');
  if (nonNull.length === 0) return { ...node, type: 'null' };
  if (nonNull.length === 1 && nonNull.length === types.length) return { ...node, type: nonNull[0]! };
  const annotations: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    if (isAnnotation(key)) annotations[key] = value;
    else rest[key] = value;
  }
  const branches: JsonSchema[] = nonNull.map((type) => ({ ...rest, type }));
  if (nonNull.length < types.length) branches.push({ type: 'null' });
  return { ...annotations, anyOf: branches };
}
