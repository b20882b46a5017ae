import type { JsonSchema, JsonSchemaType, Revival } from '@toolwright/core';
import { jsonTypes } from './constrain.js';
import { getOwn, setOwn } from './own-property.js';

/** A union member's schema and revival. */
export interface RevivalPart {
  schema: JsonSchema;
  revive?: Revival;
}

/**
 * The revival of a union: where only one member needs reviving and no other member can take the same JSON type,
 * that member's revival; object members merge their property revivals. Otherwise nothing can tell the members
 * apart at run time, and the reason comes back as a string.
 */
export function unionRevival(parts: readonly RevivalPart[]): Revival | string | undefined {
  const reviving = parts.filter((part) => part.revive);
  if (reviving.length === 0) return undefined;
  if (reviving.every((part) => part.revive!.kind === 'object')) {
    return mergeObjectRevivals(parts, reviving);
  }
  if (reviving.length > 1) return 'more than one member needs reviving and JSON cannot tell them apart';
  const [only] = reviving;
  const taken = revivedTypes(only!.revive!);
  for (const part of parts) {
    if (part === only) continue;
    const types = jsonTypes(part.schema);
    if (!types || [...types].some((type) => type !== 'null' && taken.has(type))) {
      return 'another member takes JSON values that the revival would convert too';
    }
  }
  return only!.revive;
}

/** The JSON types the Toolbox converts for a revival (a date is made from text or from a number, ...). */
function revivedTypes(revival: Revival): Set<JsonSchemaType> {
  switch (revival.kind) {
    case 'date':
    case 'bigint':
      return new Set(['string', 'number', 'integer']);
    case 'url':
      return new Set(['string']);
    case 'set':
    case 'array':
    case 'tuple':
      return new Set(['array']);
    default:
      return new Set(['object']);
  }
}

function mergeObjectRevivals(parts: readonly RevivalPart[], reviving: readonly RevivalPart[]): Revival | string {
  const properties: Record<string, Revival> = {};
  for (const part of reviving) {
    for (const [name, revival] of Object.entries((part.revive as { properties: Record<string, Revival> }).properties)) {
      const existing = getOwn(properties, name);
      if (existing && JSON.stringify(existing) !== JSON.stringify(revival)) {
        return `property "${name}" needs different revivals in different members`;
      }
      setOwn(properties, name, revival);
    }
  }
  for (const part of parts) {
    if (part.revive) continue;
    for (const name of Object.keys(part.schema.properties ?? {})) {
      if (getOwn(properties, name)) return `property "${name}" needs reviving in one member and not in another`;
    }
  }
  return { kind: 'object', properties };
}

/** Every DTO class a revival builds, nested ones included. */
export function* dtoClasses(revival: Revival): Generator<Extract<Revival, { kind: 'class' }>> {
  switch (revival.kind) {
    case 'class':
      yield revival;
      for (const inner of Object.values(revival.properties ?? {})) yield* dtoClasses(inner);
      return;
    case 'object':
      for (const inner of Object.values(revival.properties)) yield* dtoClasses(inner);
      return;
    case 'record':
      yield* dtoClasses(revival.values);
      return;
    case 'array':
      yield* dtoClasses(revival.items);
      return;
    case 'set':
      if (revival.items) yield* dtoClasses(revival.items);
      return;
    case 'tuple':
      for (const item of revival.items) if (item) yield* dtoClasses(item);
      return;
    default:
      return;
  }
}
