import { ts } from '../program/typescript.js';
import { CharSet } from './char-set.js';
import { delimiterFree } from './delimiter-free.js';
import { alt, chars, optional, type PatternTree, plus, renderPattern, seq, star } from './pattern-tree.js';

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

// The sets the pieces are made of; white space is JavaScript's (`\s`).
const DIGIT = CharSet.range('0', '9');
const SPACE = CharSet.SPACE;
const one = (text: string) => chars(CharSet.of(text))!;
const digits = chars(DIGIT)!;
const space = chars(SPACE)!;

function radixPattern(): PatternTree {
  const hex = chars(CharSet.union(DIGIT, CharSet.range('a', 'f'), CharSet.range('A', 'F')))!;
  return seq(
    one('0'),
    alt(
      seq(one('xX'), plus(hex)),
      seq(one('oO'), plus(chars(CharSet.range('0', '7')))),
      seq(one('bB'), plus(one('01'))),
    ),
  )!;
}

function numberPattern(): PatternTree {
  const sign = optional(one('+-'));
  const exponent = optional(seq(one('eE'), sign, plus(digits)));
  const mantissa = alt(seq(plus(digits), optional(one('.')), star(digits)), seq(one('.'), plus(digits)));
  const decimal = seq(sign, mantissa, exponent);
  return alt(seq(star(space), alt(decimal, radixPattern()), star(space)), plus(space))!;
}

function bigIntPattern(): PatternTree {
  return seq(optional(one('-')), alt(radixPattern(), one('0'), seq(chars(CharSet.range('1', '9')), star(digits))))!;
}

const NOT_LOWER = CharSet.range('a', 'z').complement();
const NOT_UPPER = CharSet.range('A', 'Z').complement();

/** A string mapping over `string` (`Uppercase<string>`, ...): the characters it allows, first and following. */
function mappingClasses(type: ts.StringMappingType): { first: CharSet; rest: CharSet } | undefined {
  if (!(type.type.flags & ts.TypeFlags.String)) return undefined;
  switch (type.symbol.escapedName) {
    case 'Uppercase':
      return { first: NOT_LOWER, rest: NOT_LOWER };
    case 'Lowercase':
      return { first: NOT_UPPER, rest: NOT_UPPER };
    case 'Capitalize':
      return { first: NOT_LOWER, rest: CharSet.ALL };
    case 'Uncapitalize':
      return { first: NOT_UPPER, rest: CharSet.ALL };
    default:
      return undefined;
  }
}

/** Any string of `set`'s characters, possibly empty, whose first is of `first`. */
const mapped = (classes: { first: CharSet; rest: CharSet }) =>
  optional(seq(chars(classes.first), star(chars(classes.rest))));

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
  const classes = flags & ts.TypeFlags.StringMapping ? mappingClasses(type as ts.StringMappingType) : undefined;
  if (delimiter === '') {
    // Two placeholders in a row: the first takes exactly one character.
    if (flags & ts.TypeFlags.Number) return CharSet.union(DIGIT, SPACE).toString();
    if (flags & ts.TypeFlags.BigInt) return DIGIT.toString();
    return (classes?.first ?? CharSet.ALL).toString();
  }
  // A mapping over a template (`Uppercase<`${number}`>`): the template's own pattern, the letter case unchecked.
  if (flags & ts.TypeFlags.StringMapping && !classes)
    return placeholder((type as ts.StringMappingType).type, delimiter);
  let piece: PatternTree;
  if (flags & ts.TypeFlags.Number) piece = numberPattern();
  else if (flags & ts.TypeFlags.BigInt) piece = bigIntPattern();
  else if (classes) piece = mapped(classes);
  // string (and mappings over other types): any text, newlines included.
  else piece = star(chars(CharSet.ALL));
  // Each piece is kept from holding the text after it, so that the pattern splits the string as the checker does.
  return renderPattern(delimiter === undefined ? piece : delimiterFree(piece, delimiter));
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
  if (classes) return `^${renderPattern(mapped(classes))}$`;
  if (type.type.flags & ts.TypeFlags.TemplateLiteral)
    return templateLiteralPattern([type.type as ts.TemplateLiteralType]);
  return undefined;
}
