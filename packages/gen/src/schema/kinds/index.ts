// One mapping per kind of type, as ts-json-schema-generator has one parser per kind: each kind takes the types it
// knows and passes on the others (returns undefined). The order matters where flags overlap: `boolean` is a union
// of `true` and `false` (a primitive first), an intersection with a primitive is a branded primitive before it is
// an object, built-ins, arrays, tuples and functions are object types before they are plain objects.
import type { ts } from '../../program/typescript.js';
import { mapArrayOrTuple } from './array-tuple.js';
import { mapBuiltin } from './builtin.js';
import { mapBrandedPrimitive } from './intersection.js';
import { failure, typeText, type MapContext, type Mapped, type TypeKind } from './mapped.js';
import { mapFunction, mapObject } from './object.js';
import { mapPrimitive } from './primitive.js';
import { mapUnion } from './union.js';
import { mapUnresolved } from './unresolved.js';

const KINDS: readonly TypeKind[] = [
  mapUnresolved,
  mapPrimitive,
  mapUnion,
  mapBrandedPrimitive,
  mapBuiltin,
  mapArrayOrTuple,
  mapFunction,
  mapObject,
];

/** The schema of one type (not cached, not checked for recursion: the builder does that around it). */
export function mapKind(type: ts.Type, written: ts.TypeNode | undefined, context: MapContext): Mapped {
  for (const kind of KINDS) {
    const mapped = kind(type, written, context);
    if (mapped) return mapped;
  }
  return failure('TW3007', `has the type ${typeText(type, context.checker)}, which cannot be resolved to a JSON type`);
}

export type { MapContext, Mapped } from './mapped.js';
export { isBuiltin } from './builtin.js';
