import { ts } from 'ts-morph';

const NUMBER = '-?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?';

function escape(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** A bigint literal's digits (`-12n` is "-12"). */
export function bigIntText(value: ts.PseudoBigInt): string {
  return `${value.negative ? '-' : ''}${value.base10Value}`;
}

/** The part of a regular expression that matches what a type placed in `${...}` turns into. */
function placeholder(type: ts.Type): string {
  const flags = type.flags;
  if (flags & ts.TypeFlags.StringLiteral) return escape((type as ts.StringLiteralType).value);
  if (flags & ts.TypeFlags.NumberLiteral) return escape(String((type as ts.NumberLiteralType).value));
  if (flags & ts.TypeFlags.BigIntLiteral) return escape(bigIntText((type as ts.BigIntLiteralType).value));
  if (flags & ts.TypeFlags.BooleanLiteral) return (type as { intrinsicName?: string }).intrinsicName ?? '(?:true|false)';
  if (flags & ts.TypeFlags.Number) return NUMBER;
  if (flags & ts.TypeFlags.BigInt) return '-?\\d+';
  if (flags & ts.TypeFlags.Null) return 'null';
  if (flags & ts.TypeFlags.Undefined) return 'undefined';
  if (flags & ts.TypeFlags.TemplateLiteral) return body(type as ts.TemplateLiteralType);
  if (flags & ts.TypeFlags.Union) return `(?:${(type as ts.UnionType).types.map(placeholder).join('|')})`;
  // string, Uppercase<string> and friends: any text (the case mappings are not expressed).
  return '.*';
}

function body(type: ts.TemplateLiteralType): string {
  let pattern = escape(type.texts[0] ?? '');
  type.types.forEach((inner, index) => {
    pattern += placeholder(inner) + escape(type.texts[index + 1] ?? '');
  });
  return pattern;
}

/**
 * An anchored pattern for template literal types: `order-${number}` is `^order-<number>$`; several (the checker
 * spreads `${'en' | 'de'}-${string}` into two) are alternatives of one pattern.
 */
export function templateLiteralPattern(types: readonly ts.TemplateLiteralType[]): string {
  return types.length === 1 ? `^${body(types[0]!)}$` : `^(?:${types.map(body).join('|')})$`;
}
