import type { JsonSchema } from '@toolwright/core';
import { ts } from '../../program/typescript.js';
import { bigIntText, stringMappingPattern, templateLiteralPattern } from '../template-literal.js';
import { failure, plain, typeText, type TypeKind } from './mapped.js';

/**
 * Types without members: `any` and `unknown`, the primitives and their literals, template literal and letter-case
 * (`Uppercase<string>`) types, `object`; and those no JSON value has (`void`, `undefined`, `never`, symbols,
 * unresolved type parameters), which are errors. One literal is a one-value `enum` with its `type`.
 */
export const mapPrimitive: TypeKind = (type, _written, { checker }) => {
  const flags = type.flags;
  if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return plain({});
  if (flags & ts.TypeFlags.String) return plain({ type: 'string' });
  if (flags & ts.TypeFlags.Number) return plain({ type: 'number' });
  if (flags & ts.TypeFlags.Boolean) return plain({ type: 'boolean' });
  if (flags & ts.TypeFlags.BigInt) return { ...plain({ type: 'integer' }), revive: { kind: 'bigint' } };
  if (flags & ts.TypeFlags.StringLiteral) {
    return plain({ type: 'string', enum: [(type as ts.StringLiteralType).value] });
  }
  if (flags & ts.TypeFlags.NumberLiteral) return plain(numberEnum([(type as ts.NumberLiteralType).value]));
  if (flags & ts.TypeFlags.BooleanLiteral) return plain({ type: 'boolean', enum: [isTrue(type)] });
  if (flags & ts.TypeFlags.BigIntLiteral) {
    const value = Number(bigIntText((type as ts.BigIntLiteralType).value));
    return { schema: { type: 'integer', enum: [value] }, revive: { kind: 'bigint' }, problems: [], local: false };
  }
  if (flags & ts.TypeFlags.Null) return plain({ type: 'null' });
  if (flags & ts.TypeFlags.Void) return failure('TW3001', 'has type void, which JSON cannot carry');
  if (flags & ts.TypeFlags.Undefined) return failure('TW3001', 'has type undefined, which JSON cannot carry');
  if (flags & ts.TypeFlags.Never) return failure('TW3002', 'has type never, so no value can be passed');
  if (flags & ts.TypeFlags.ESSymbolLike) {
    return failure('TW3001', `has a symbol type (${typeText(type, checker)}), which JSON cannot carry`);
  }
  if (flags & ts.TypeFlags.TemplateLiteral) {
    return plain({ type: 'string', pattern: templateLiteralPattern([type as ts.TemplateLiteralType]) });
  }
  if (flags & ts.TypeFlags.StringMapping) {
    const pattern = stringMappingPattern(type as ts.StringMappingType);
    if (pattern) return plain({ type: 'string', pattern });
    const message = `has the type ${typeText(type, checker)}, whose letter case is not checked: any string passes`;
    return { ...plain({ type: 'string' }), problems: [{ code: 'TW3501', path: [], message }] };
  }
  if (flags & ts.TypeFlags.TypeParameter) {
    const text = typeText(type, checker);
    return failure('TW3003', `has the unresolved type parameter ${text}: a tool needs concrete types`);
  }
  if (flags & ts.TypeFlags.NonPrimitive) return plain({ type: 'object' });
  return undefined;
};

/** Number literals: `integer` when every value is whole. */
export function numberEnum(values: number[]): JsonSchema {
  return { type: values.every(Number.isInteger) ? 'integer' : 'number', enum: values };
}

export function isTrue(type: ts.Type): boolean {
  return (type as { intrinsicName?: string }).intrinsicName === 'true';
}
