import type { JsonSchema, Revival } from '@toolwright/core';
import { ts } from '../../program/typescript.js';
import type { Problem } from '../problems.js';
import { elementTypeNode } from '../type-nodes.js';
import { child, failure, plain, typeText, type MapContext, type Mapped, type TypeKind } from './mapped.js';

/** `T[]`, `Array<T>`, `ReadonlyArray<T>`: `items`; tuples: `prefixItems` and their bounds. */
export const mapArrayOrTuple: TypeKind = (type, written, context) => {
  if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return undefined;
  const { checker } = context;
  if (checker.isTupleType(type)) return mapTuple(type as ts.TupleTypeReference, context);
  if (!checker.isArrayType(type)) return undefined;
  const [element] = checker.getTypeArguments(type as ts.TypeReference);
  const items = child(element ? context.map(element, elementTypeNode(written)) : plain({}), '[]');
  return {
    schema: { type: 'array', items: items.schema },
    ...(items.revive ? { revive: { kind: 'array', items: items.revive } } : {}),
    problems: items.problems,
    local: items.local,
  };
};

/**
 * Positions as `prefixItems` (`minItems` up to the last required one), a rest element as `items`, or `items: false`
 * and `maxItems` when there is none. A rest element that is not last has no JSON Schema form.
 */
function mapTuple(type: ts.TupleTypeReference, context: MapContext): Mapped {
  const elementFlags = type.target.elementFlags;
  const args = context.checker.getTypeArguments(type);
  const prefixItems: JsonSchema[] = [];
  const revivals: (Revival | null)[] = [];
  const problems: Problem[] = [];
  let local = false;
  let minItems = 0;
  let rest: JsonSchema | undefined;
  for (let index = 0; index < elementFlags.length; index++) {
    const flag = elementFlags[index]!;
    const element = args[index];
    if (!element) break;
    if (flag & ts.ElementFlags.Variable) {
      if (index !== elementFlags.length - 1 || flag & ts.ElementFlags.Variadic) {
        const text = typeText(type, context.checker);
        const message = `has the tuple type ${text}, whose rest element is not last, which JSON Schema cannot describe`;
        return failure('TW3006', message);
      }
      const mapped = child(context.map(element), '[]');
      problems.push(...mapped.problems);
      local ||= mapped.local;
      rest = mapped.schema;
      if (mapped.revive) {
        const message = 'needs reviving in the rest of a tuple, which is not supported: the values stay as JSON';
        problems.push({ code: 'TW3502', path: ['[]'], message });
      }
      continue;
    }
    const mapped = child(context.map(element), `[${index}]`);
    problems.push(...mapped.problems);
    local ||= mapped.local;
    prefixItems.push(mapped.schema);
    revivals.push(mapped.revive ?? null);
    if (flag & ts.ElementFlags.Required) minItems = index + 1;
  }
  const schema: JsonSchema = { type: 'array' };
  if (prefixItems.length > 0) schema.prefixItems = prefixItems;
  if (minItems > 0) schema.minItems = minItems;
  if (rest) schema.items = rest;
  else {
    schema.items = false;
    schema.maxItems = prefixItems.length;
  }
  const revives = revivals.some((item) => item !== null);
  const revive: Revival | undefined = revives ? { kind: 'tuple', items: revivals } : undefined;
  return { schema, ...(revive ? { revive } : {}), problems, local };
}
