import type { DiagnosticCode } from '../../diagnostic-codes.js';
import type { JsonSchema, Revival } from '@toolwright/core';
import { ts } from '../../program/typescript.js';
import type { Problem } from '../problems.js';

/** A mapped type: its schema, its revival, and its problems (paths relative to the type). */
export interface Mapped {
  schema: JsonSchema;
  revive?: Revival;
  problems: Problem[];
  /** True when the schema points into this builder's `$defs`, so it cannot be shared with other builders. */
  local: boolean;
}

/** What a kind of type needs from the builder: the checker, and mapping of the types it is made of. */
export interface MapContext {
  readonly checker: ts.TypeChecker;
  /** The folder of the tsconfig, resolved: revival `file` paths are relative to it. */
  readonly projectDir: string;
  /** Maps a nested type (cached, recursion-aware); `written` is the type as written there, if known. */
  map(type: ts.Type, written?: ts.TypeNode): Mapped;
}

/** One kind of type (primitives, unions, objects, ...): the mapped type, or undefined when `type` is not of it. */
export type TypeKind = (type: ts.Type, written: ts.TypeNode | undefined, context: MapContext) => Mapped | undefined;

export function plain(schema: JsonSchema): Mapped {
  return { schema, problems: [], local: false };
}

export function failure(code: DiagnosticCode, message: string): Mapped {
  return { schema: {}, problems: [{ code, path: [], message }], local: false };
}

/** A child's result with its problems moved under `segment` (a property name, `[]`, `[0]`, `[key]`). */
export function child(mapped: Mapped, segment: string): Mapped {
  if (mapped.problems.length === 0) return mapped;
  return { ...mapped, problems: mapped.problems.map((problem) => ({ ...problem, path: [segment, ...problem.path] })) };
}

/** How a message shows a type: whole, as the checker writes it. */
export function typeText(type: ts.Type, checker: ts.TypeChecker): string {
  return checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
}
