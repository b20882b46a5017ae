import type { ManifestParam } from '@toolwright/core';
import { ts } from '../program/typescript.js';

/**
 * The parameter list gen-tools described, as TypeScript tuple types for the generated module's drift check
 * (`ParametersFit` in core): `[string, (number | undefined)?]` for `(query: string, limit?: number)`, each element
 * after its parameter's name in a comment. Not as labels: a labelled tuple is a tuple type of its own to the checker,
 * and one per tool was a good part of what the check added to the user's `tsc` (scripts/bench/drift-check-cost.ts).
 * Each type is widened to what the method's
 * own type must stay within: literals stay literals (a union of them is the enum the model was told), everything else
 * becomes its kind (`string`, `number`, `object`, `readonly unknown[]`, ...), so a branded string, a template literal
 * type or a DTO class needs no import and never fails the check while it is unchanged. Where a parameter's type is
 * not all primitives and literals, a second tuple follows, the types the method must still accept (`never` where the
 * kind alone is known). Undefined for a method the module cannot name in a type (private or protected).
 */
export function parameterSignature(
  method: ts.MethodDeclaration,
  params: readonly ManifestParam[],
  checker: ts.TypeChecker,
): string | undefined {
  if (
    method.modifiers?.some(
      (modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword || modifier.kind === ts.SyntaxKind.ProtectedKeyword,
    )
  )
    return undefined;
  const parameters = method.parameters.filter(
    (parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === 'this'),
  );
  // A rest parameter (an error of its own) leaves the list and the manifest's params apart: no check is written.
  if (parameters.length !== params.length || parameters.some((parameter) => parameter.dotDotDotToken)) return undefined;
  const upper: string[] = [];
  const lower: string[] = [];
  let exact = true;
  parameters.forEach((parameter, i) => {
    // A default before a required parameter takes `undefined` but is not optional in the signature: `(a = 1, b)`.
    const takesUndefined = parameter.questionToken !== undefined || parameter.initializer !== undefined;
    const optional = checker.isOptionalParameter(parameter);
    const element = (text: string): string => {
      let typeText = text;
      if (takesUndefined && text === 'never') typeText = 'undefined';
      else if (takesUndefined && !/(^| )(undefined|unknown)( |$)/.test(text)) typeText = `${text} | undefined`;
      if (!optional) return typeText;
      return typeText.includes(' ') ? `(${typeText})?` : `${typeText}?`;
    };
    const kinds = widened(checker.getTypeAtLocation(parameter.type ?? parameter));
    upper.push(`${nameComment(params[i]!.name)}${element(kinds.text)}`);
    lower.push(element(kinds.exact ? kinds.text : 'never'));
    exact &&= kinds.exact;
  });
  return exact ? `[${upper.join(', ')}]` : `[${upper.join(', ')}], [${lower.join(', ')}]`;
}

/** The parameter's name as a comment before its element, where it is a plain name (nothing that could end a comment). */
function nameComment(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `/* ${name} */ ` : '';
}

/** Types that are their kind itself (a method typed so takes exactly the values of the kind). */
const EXACT =
  ts.TypeFlags.String |
  ts.TypeFlags.Number |
  ts.TypeFlags.BigInt |
  ts.TypeFlags.BooleanLiteral |
  ts.TypeFlags.Null |
  ts.TypeFlags.Undefined |
  ts.TypeFlags.Void;

/** widened's answers by type: the tools of a project take a few types many times (`string`, a shared interface). */
const widenedTypes = new WeakMap<ts.Type, { text: string; exact: boolean }>();

function widened(type: ts.Type): { text: string; exact: boolean } {
  let known = widenedTypes.get(type);
  if (!known) widenedTypes.set(type, (known = widenedOf(type)));
  return known;
}

/**
 * The type as the check states it (see parameterSignature): a union of its members' kinds, without repeats; `exact`
 * when that union is the type itself (primitives and literals only).
 */
function widenedOf(type: ts.Type): { text: string; exact: boolean } {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return { text: 'unknown', exact: true };
  const kinds: string[] = [];
  let exact = true;
  for (const member of type.flags & ts.TypeFlags.Union ? (type as ts.UnionType).types : [type]) {
    const kind = kindOf(member);
    if (kind === 'unknown') return { text: 'unknown', exact: false };
    exact &&= (member.flags & ~EXACT) === 0 || isLiteral(member);
    if (!kinds.includes(kind)) kinds.push(kind);
  }
  // `boolean` is the union `false | true` to the checker.
  const falseAt = kinds.indexOf('false');
  if (falseAt >= 0 && kinds.includes('true')) kinds.splice(falseAt, 1, 'boolean');
  return { text: kinds.filter((kind) => kind !== 'true' || !kinds.includes('boolean')).join(' | '), exact };
}

/** A string or number literal type that is not an enum member (written out as itself). */
function isLiteral(type: ts.Type): boolean {
  return (
    (type.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral)) !== 0 &&
    (type.flags & ts.TypeFlags.EnumLike) === 0
  );
}

function kindOf(type: ts.Type): string {
  const { flags } = type;
  if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.TypeParameter)) return 'unknown';
  // An enum member is checked as its enum's base type: enum literal types are not written out.
  if (flags & ts.TypeFlags.EnumLike) return flags & ts.TypeFlags.StringLike ? 'string' : 'number';
  if (flags & ts.TypeFlags.StringLiteral) return JSON.stringify((type as ts.StringLiteralType).value);
  if (flags & ts.TypeFlags.NumberLiteral) return String((type as ts.NumberLiteralType).value);
  if (flags & ts.TypeFlags.BooleanLiteral) return (type as { intrinsicName?: string }).intrinsicName ?? 'boolean';
  if (flags & ts.TypeFlags.StringLike) return 'string';
  if (flags & ts.TypeFlags.NumberLike) return 'number';
  if (flags & ts.TypeFlags.BigIntLike) return 'bigint';
  if (flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (flags & ts.TypeFlags.Null) return 'null';
  if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return 'undefined';
  if (flags & ts.TypeFlags.Intersection) {
    // A branded primitive (`string & { __brand: 'Id' }`) is of the primitive's kind.
    const kinds = (type as ts.IntersectionType).types.map(kindOf);
    return kinds.find((kind) => kind !== 'object' && kind !== 'readonly unknown[]') ?? 'object';
  }
  if (flags & ts.TypeFlags.NonPrimitive) return 'object';
  if (flags & ts.TypeFlags.Object) {
    if (isArrayLike(type)) return 'readonly unknown[]';
    // A function type is a diagnostic of its own; `{}` holds primitives too.
    if (type.getCallSignatures().length > 0 || isEmptyObjectType(type)) return 'unknown';
    return 'object';
  }
  return 'unknown';
}

function isArrayLike(type: ts.Type): boolean {
  const name = type.getSymbol()?.getName();
  if (name === 'Array' || name === 'ReadonlyArray') return true;
  const target = (type as ts.TypeReference).target;
  return target !== undefined && (target.objectFlags & ts.ObjectFlags.Tuple) !== 0;
}

function isEmptyObjectType(type: ts.Type): boolean {
  return (
    type.getProperties().length === 0 &&
    type.getConstructSignatures().length === 0 &&
    type.getStringIndexType() === undefined &&
    type.getNumberIndexType() === undefined
  );
}
