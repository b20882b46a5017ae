import type { JsonSchema } from '@toolwright/core';
import { ts } from '../../program/typescript.js';
import type { Problem } from '../problems.js';
import { unionRevival, type RevivalPart } from '../revival.js';
import { templateLiteralPattern } from '../template-literal.js';
import { aliasTypeNode, unionNode } from '../type-nodes.js';
import { failure, plain, typeText, type MapContext, type TypeKind } from './mapped.js';
import { isTrue, numberEnum } from './primitive.js';

/** A member of a union as mapped: a type of its own, or the place of one group of literals of a type. */
type UnionPart = ts.Type | 'strings' | 'numbers' | 'booleans' | 'templates';

/**
 * Unions: `anyOf` of their members in written order, literals of one type grouped into one `enum` (or pattern)
 * where the first of them stands, `undefined` left out (it makes a property optional), `null` a last `anyOf` branch.
 */
export const mapUnion: TypeKind = (type, written, context) => {
  if (!(type.flags & ts.TypeFlags.Union)) return undefined;
  let hasNull = false;
  const strings: string[] = [];
  const numbers: number[] = [];
  const booleans = new Set<boolean>();
  const templates: ts.TemplateLiteralType[] = [];
  const members: UnionPart[] = [];
  for (const member of writtenOrder(type as ts.UnionType, written, context)) {
    const flags = member.flags;
    if (flags & ts.TypeFlags.Null) hasNull = true;
    else if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) continue;
    else if (flags & ts.TypeFlags.StringLiteral) {
      if (strings.length === 0) members.push('strings');
      strings.push((member as ts.StringLiteralType).value);
    } else if (flags & ts.TypeFlags.NumberLiteral) {
      if (numbers.length === 0) members.push('numbers');
      numbers.push((member as ts.NumberLiteralType).value);
    } else if (flags & ts.TypeFlags.TemplateLiteral) {
      if (templates.length === 0) members.push('templates');
      templates.push(member as ts.TemplateLiteralType);
    } else if (flags & ts.TypeFlags.BooleanLiteral) {
      if (booleans.size === 0) members.push('booleans');
      booleans.add(isTrue(member));
    } else members.push(member);
  }
  const problems: Problem[] = [];
  let local = false;
  const parts: RevivalPart[] = members.map((member) => {
    if (member === 'strings') return { schema: { type: 'string', enum: strings } };
    if (member === 'numbers') return { schema: numberEnum(numbers) };
    if (member === 'templates') return { schema: { type: 'string', pattern: templateLiteralPattern(templates) } };
    if (member === 'booleans') {
      return { schema: booleans.size === 2 ? { type: 'boolean' } : { type: 'boolean', enum: [...booleans] } };
    }
    const mapped = context.map(member);
    problems.push(...mapped.problems);
    local ||= mapped.local;
    return mapped.revive ? { schema: mapped.schema, revive: mapped.revive } : { schema: mapped.schema };
  });
  if (parts.length === 0) {
    if (hasNull) return plain({ type: 'null' });
    return failure('TW3001', 'has type undefined, which JSON cannot carry');
  }
  let schema: JsonSchema = parts.length === 1 ? parts[0]!.schema : { anyOf: parts.map((part) => part.schema) };
  if (hasNull) {
    const branches = isBareAnyOf(schema) ? schema.anyOf! : [schema];
    schema = { anyOf: [...branches, { type: 'null' }] };
  }
  const revive = unionRevival(parts);
  if (typeof revive === 'string') {
    const message = `has the union ${typeText(type, context.checker)}, whose values are not revived: ${revive}`;
    problems.push({ code: 'TW3502', path: [], message });
    return { schema, problems, local };
  }
  return { schema, ...(revive ? { revive } : {}), problems, local };
};

/**
 * The members of a union in the order they are written (the checker orders them by creation, so that
 * `'low' | 'high'` could come out as ['high', 'low'] when 'high' was met first elsewhere). Members are placed by
 * the written union of `written` or of the union's type alias; others keep the checker's order, after them.
 */
function writtenOrder(
  type: ts.UnionType,
  written: ts.TypeNode | undefined,
  { checker }: MapContext,
): readonly ts.Type[] {
  const node = unionNode(written) ?? unionNode(aliasTypeNode(type));
  if (!node) return type.types;
  const position = new Map<ts.Type, number>();
  const place = (member: ts.Type): void => {
    if (member.flags & ts.TypeFlags.Union) (member as ts.UnionType).types.forEach(place);
    else if (!position.has(member)) position.set(member, position.size);
  };
  for (const memberNode of node.types) place(checker.getTypeFromTypeNode(memberNode));
  return [...type.types].sort((a, b) => (position.get(a) ?? Infinity) - (position.get(b) ?? Infinity));
}

function isBareAnyOf(schema: JsonSchema): boolean {
  return schema.anyOf !== undefined && Object.keys(schema).length === 1;
}
