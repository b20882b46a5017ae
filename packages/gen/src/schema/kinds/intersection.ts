import { ts } from '../../program/typescript.js';
import type { TypeKind } from './mapped.js';

const PRIMITIVE =
  ts.TypeFlags.StringLike |
  ts.TypeFlags.NumberLike |
  ts.TypeFlags.BigIntLike |
  ts.TypeFlags.BooleanLike |
  ts.TypeFlags.ESSymbolLike;

/**
 * A branded primitive (`string & { __brand: 'Email' }`) is its primitive; core's `Integer` is a branded number that
 * maps to `integer`. Other intersections are objects (see object.ts): one merged object, closed over all members.
 */
export const mapBrandedPrimitive: TypeKind = (type, _written, context) => {
  if (!(type.flags & ts.TypeFlags.Intersection)) return undefined;
  const members = (type as ts.IntersectionType).types;
  const primitive = members.find((member) => member.flags & PRIMITIVE);
  if (!primitive) return undefined;
  const mapped = context.map(primitive);
  const integer =
    primitive.flags & ts.TypeFlags.NumberLike &&
    members.some((member) => member !== primitive && context.checker.getPropertyOfType(member, '__toolwrightInteger'));
  if (integer && mapped.schema.type === 'number') return { ...mapped, schema: { ...mapped.schema, type: 'integer' } };
  return mapped;
};
