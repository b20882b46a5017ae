import { ts } from '../program/typescript.js';

/**
 * Template literal types as patterns that accept what TypeScript accepts. The checker matches a string against
 * `a${X}b${Y}c` from the left (inferFromLiteralPartsToTemplateLiteral): each placeholder takes the text up to the
 * first occurrence of the text after it (one character when two placeholders touch), the last one takes the rest
 * before the end text, and each piece must then be valid for its placeholder:
 * - `${number}`: `s !== '' && isFinite(+s)` (isValidNumberString without round-tripping): surrounding white space,
 *   a sign, `1.`, `.5`, exponents, `0x10`/`0o7`/`0b1` (unsigned) and white space alone pass. Not expressed: a
 *   decimal that overflows to Infinity (`1e999`) still matches.
 * - `${bigint}`: an optional `-` and an integer literal without separators (isValidBigIntString).
 * - `${string}`: any text, newlines included; `Uppercase<string>` and its friends: no ASCII letter of the wrong
 *   case (letters outside ASCII are not checked: Unicode properties are not in every validator's regex flavor).
 *   A mapping over a template (`Uppercase<`${number}`>`) has the template's pattern, its letter case unchecked; over
 *   anything else, the builder warns that any string passes.
 * Each piece is also kept from holding the text after it, so that the pattern splits the string as the checker
 * does (with `${number}-${number}`, `-1-2` fails as in TypeScript).
 */

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** A bigint literal's digits (`-12n` is "-12"). */
export function bigIntText(value: ts.PseudoBigInt): string {
  return `${value.negative ? '-' : ''}${value.base10Value}`;
}

/**
 * Atoms guarded so that no occurrence of the delimiter starts at them (`(?!-)\\d`), with their repeats; without a
 * delimiter, the atoms as they are.
 */
interface Guard {
  one: (atom: string) => string;
  optional: (atom: string) => string;
  many: (atom: string) => string;
  some: (atom: string) => string;
}

function guardFor(delimiter: string | undefined): Guard {
  if (!delimiter)
    return {
      one: (atom) => atom,
      optional: (atom) => `${atom}?`,
      many: (atom) => `${atom}*`,
      some: (atom) => `${atom}+`,
    };
  const one = (atom: string) => `(?!${escapeRegExp(delimiter)})${atom}`;
  return {
    one,
    optional: (atom) => `(?:${one(atom)})?`,
    many: (atom) => `(?:${one(atom)})*`,
    some: (atom) => `(?:${one(atom)})+`,
  };
}

function radixPattern(g: Guard): string {
  return (
    `${g.one('0')}(?:${g.one('[xX]')}${g.some('[0-9a-fA-F]')}|` +
    `${g.one('[oO]')}${g.some('[0-7]')}|${g.one('[bB]')}${g.some('[01]')})`
  );
}

function numberPattern(g: Guard): string {
  const digits = g.some('\\d');
  const sign = g.optional('[+-]');
  const exponent = `(?:${g.one('[eE]')}${sign}${digits})?`;
  const decimal = `${sign}(?:${digits}${g.optional('\\.')}${g.many('\\d')}|${g.one('\\.')}${digits})${exponent}`;
  const space = g.many('\\s');
  return `(?:${space}(?:${decimal}|${radixPattern(g)})${space}|${g.some('\\s')})`;
}

function bigIntPattern(g: Guard): string {
  return `${g.optional('-')}(?:${radixPattern(g)}|${g.one('0')}|${g.one('[1-9]')}${g.many('\\d')})`;
}

/** A string mapping over `string` (`Uppercase<string>`, ...): the characters it allows, first and following. */
function mappingClasses(type: ts.StringMappingType): { first: string; rest: string } | undefined {
  if (!(type.type.flags & ts.TypeFlags.String)) return undefined;
  switch (type.symbol.escapedName) {
    case 'Uppercase':
      return { first: '[^a-z]', rest: '[^a-z]' };
    case 'Lowercase':
      return { first: '[^A-Z]', rest: '[^A-Z]' };
    case 'Capitalize':
      return { first: '[^a-z]', rest: '[\\s\\S]' };
    case 'Uncapitalize':
      return { first: '[^A-Z]', rest: '[\\s\\S]' };
    default:
      return undefined;
  }
}

/**
 * The pattern of one placeholder. `delimiter` is the text that follows it: undefined for the last placeholder
 * (it runs to the end text), '' when another placeholder follows at once (it takes one character).
 */
function placeholder(type: ts.Type, delimiter: string | undefined): string {
  const flags = type.flags;
  if (flags & ts.TypeFlags.StringLiteral) return escapeRegExp((type as ts.StringLiteralType).value);
  if (flags & ts.TypeFlags.NumberLiteral) return escapeRegExp(String((type as ts.NumberLiteralType).value));
  if (flags & ts.TypeFlags.BigIntLiteral) return escapeRegExp(bigIntText((type as ts.BigIntLiteralType).value));
  if (flags & ts.TypeFlags.BooleanLiteral)
    return (type as { intrinsicName?: string }).intrinsicName ?? '(?:true|false)';
  if (flags & ts.TypeFlags.Null) return 'null';
  if (flags & ts.TypeFlags.Undefined) return 'undefined';
  if (flags & ts.TypeFlags.Union)
    return `(?:${(type as ts.UnionType).types.map((member) => placeholder(member, delimiter)).join('|')})`;
  if (flags & ts.TypeFlags.TemplateLiteral) return body(type as ts.TemplateLiteralType);
  const guard = guardFor(delimiter);
  if (delimiter === '') {
    // Two placeholders in a row: the first takes exactly one character.
    if (flags & ts.TypeFlags.Number) return '[\\d\\s]';
    if (flags & ts.TypeFlags.BigInt) return '\\d';
    const classes = flags & ts.TypeFlags.StringMapping ? mappingClasses(type as ts.StringMappingType) : undefined;
    return classes?.first ?? '[\\s\\S]';
  }
  if (flags & ts.TypeFlags.Number) return numberPattern(guard);
  if (flags & ts.TypeFlags.BigInt) return bigIntPattern(guard);
  const classes = flags & ts.TypeFlags.StringMapping ? mappingClasses(type as ts.StringMappingType) : undefined;
  if (classes) return `(?:${guard.one(classes.first)}${guard.many(classes.rest)})?`;
  // A mapping over a template (`Uppercase<`${number}`>`): the template's own pattern, the letter case unchecked.
  if (flags & ts.TypeFlags.StringMapping) return placeholder((type as ts.StringMappingType).type, delimiter);
  // string (and mappings over other types): any text, newlines included.
  return guard.many('[\\s\\S]');
}

function body(type: ts.TemplateLiteralType): string {
  let pattern = escapeRegExp(type.texts[0] ?? '');
  type.types.forEach((inner, index) => {
    const after = type.texts[index + 1] ?? '';
    const last = index === type.types.length - 1;
    pattern += placeholder(inner, last ? undefined : after) + escapeRegExp(after);
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

/** The pattern of a string mapping type on its own (`Uppercase<string>`), when it can be written. */
export function stringMappingPattern(type: ts.StringMappingType): string | undefined {
  const classes = mappingClasses(type);
  if (classes) return `^(?:${classes.first}${classes.rest}*)?$`;
  if (type.type.flags & ts.TypeFlags.TemplateLiteral)
    return templateLiteralPattern([type.type as ts.TemplateLiteralType]);
  return undefined;
}
