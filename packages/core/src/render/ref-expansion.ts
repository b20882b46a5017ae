import type { JsonSchema } from '../json-schema.js';
import { MAX_REF_EXPANSIONS, refName, resolveLocalRef } from './schema-walk.js';
import type { RenderWarning } from './types.js';

/**
 * Inlining `$ref`s for targets without references: what a reference points at, and when to stop. Recursion is
 * unrolled to `maxDepth` expansions of one reference along a path, and one schema inlines at most
 * {@link MAX_REF_EXPANSIONS} references in all, so that unrolling cannot explode.
 */
export class RefExpansion {
  private expansions = 0;

  constructor(
    readonly root: JsonSchema,
    readonly maxDepth: number,
  ) {}

  /** The schema a `$ref` points at, without the document keys of its own; a reference elsewhere is an error. */
  target(ref: string, path: string): JsonSchema {
    const target = resolveLocalRef(this.root, ref);
    if (!target) {
      throw new TypeError(
        `Cannot render the schema at ${path || '/'}: $ref "${ref}" does not point into the schema ` +
          '(only local references such as "#/$defs/Name" are supported)',
      );
    }
    const { $defs: _defs, $schema: _schema, ...body } = target;
    return body;
  }

  /** True when `ref` was expanded `maxDepth` times on the path (`refs`). */
  tooDeep(ref: string, refs: readonly string[]): boolean {
    return refs.filter((seen) => seen === ref).length >= this.maxDepth;
  }

  /** The warning that ends the expansion of `ref` here, or `undefined` (and one expansion counted) to go on. */
  stop(ref: string, refs: readonly string[], path: string): RenderWarning | undefined {
    const tooDeep = this.tooDeep(ref, refs);
    if (!tooDeep && ++this.expansions <= MAX_REF_EXPANSIONS) return undefined;
    return this.truncation(ref, path, tooDeep);
  }

  /** The warning where unrolling `ref` ends: too deep on the path, or over the whole schema's budget. */
  truncation(ref: string, path: string, tooDeep = true): RenderWarning {
    return {
      code: 'recursion-truncated',
      path,
      message: tooDeep
        ? `${refName(ref)} nests deeper than ${this.maxDepth} levels; the deeper levels are an open schema`
        : `more than ${MAX_REF_EXPANSIONS} references were inlined; ${refName(ref)} here is an open schema`,
    };
  }
}

/** The note that ends an unrolled recursion. */
export function truncationNote(ref: string): string {
  return `Deeper levels have the same shape as ${refName(ref)} above; they are not described further.`;
}
