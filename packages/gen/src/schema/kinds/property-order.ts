import { ts } from '../../program/typescript.js';

/**
 * The properties of a mapped type (`Pick`, `Omit`, `Partial`, ...) in the order of the type they come from: the
 * checker lists them in the order of the key union, which follows when each key's literal type was first made
 * anywhere in the program, not the source. The type they come from is the declaring interface, class or type literal
 * whose own property list holds most of them (own members, then inherited ones, as the checker lists that type).
 * Others keep the checker's order.
 */
export function inDeclarationOrder(members: ts.Symbol[], type: ts.Type, checker: ts.TypeChecker): ts.Symbol[] {
  if (!(type.flags & ts.TypeFlags.Object)) return members;
  if (!((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Mapped)) return members;
  const names = new Set(members.map((member) => member.name));
  let best: Map<string, number> | undefined;
  let covered = 0;
  const seen = new Set<ts.Node>();
  for (const member of members) {
    const parent = (member.valueDeclaration ?? member.declarations?.[0])?.parent;
    if (!parent || seen.has(parent)) continue;
    seen.add(parent);
    if (!ts.isInterfaceDeclaration(parent) && !ts.isClassLike(parent) && !ts.isTypeLiteralNode(parent)) continue;
    const source = checker.getTypeAtLocation(parent);
    const order = new Map(checker.getPropertiesOfType(source).map((property, index) => [property.name, index]));
    const count = [...names].filter((name) => order.has(name)).length;
    if (count > covered) [best, covered] = [order, count];
  }
  if (!best) return members;
  const rank = best;
  return members
    .map((member, index) => ({ member, key: rank.get(member.name) ?? rank.size + index }))
    .sort((a, b) => a.key - b.key)
    .map(({ member }) => member);
}
