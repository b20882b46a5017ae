import type { JsonSchema } from '../json-schema.js';
import { resolveLocalRef } from '../render/json-pointer.js';
import { utcDateTime } from './utc-date-time.js';
import { setOwn } from '../own-property.js';

/**
 * Where Gemini is known to be sloppy, arguments are repaired before validation (on a copy: the model's own
 * `args` object is never changed, because it goes back to the API in the history):
 * - `null` for an optional property whose schema does not allow null means the property is absent;
 * - a string holding JSON where an object or array is expected is parsed (a string that is not valid JSON, or that
 *   parses to something else, is left alone for validation to report);
 * - a date-time without a UTC offset (`2025-06-02T09:00:00`, `2025-06-02`), where the schema says
 *   `format: date-time`, is read as UTC (`2025-06-02T09:00:00Z`): Gemini often leaves the offset out;
 * - a whole-number float (`5.0` in the JSON text) already is the JS number 5, so it passes `integer`; nothing to do.
 * The plan is compiled once per tool; nodes with nothing to repair are `null` so the walk skips them.
 */
export interface LenientNode {
  /** Optional properties of this object whose schema rejects null. */
  optionalNotNull: Set<string> | null;
  /** The value is expected to be an object or array and never a string. */
  parseJson: boolean;
  /** The value may be a date-time string: one without a UTC offset gets `Z`. */
  utcDateTime: boolean;
  /** Children by property name; a declared property with nothing to repair maps to null (so `additional` skips it). */
  properties: Map<string, LenientNode | null> | null;
  additional: LenientNode | null;
  items: LenientNode | null;
}

export function compileLeniency(schema: JsonSchema): LenientNode | null {
  return new LeniencyCompiler(schema).node(schema);
}

class LeniencyCompiler {
  private readonly compiled = new Map<JsonSchema, LenientNode | null>();
  /** A `$ref` was followed: a node may be referenced before it is complete. */
  private followedRef = false;
  constructor(private readonly root: JsonSchema) {}

  node(input: JsonSchema | boolean | undefined): LenientNode | null {
    const schema = this.resolve(input);
    if (!schema) return null;
    if (isLeaf(schema)) return leafNode(schema);
    if (this.compiled.has(schema)) return this.compiled.get(schema)!;
    // Placeholder first so that recursive schemas end.
    const node: LenientNode = {
      optionalNotNull: null,
      parseJson: false,
      utcDateTime: false,
      properties: null,
      additional: null,
      items: null,
    };
    this.compiled.set(schema, node);

    const variants = this.variants(schema);
    node.parseJson = expectsObjectNotString(variants);
    node.utcDateTime = variants.some(isDateTime);

    for (const variant of variants) {
      const properties = variant.properties ?? {};
      for (const name of Object.keys(properties)) {
        const property = properties[name];
        const optional = !variant.required?.includes(name);
        if (optional && !allowsNull(this.resolve(property))) (node.optionalNotNull ??= new Set()).add(name);
        const child = this.node(property);
        if (child) (node.properties ??= new Map()).set(name, child);
      }
      if (typeof variant.additionalProperties === 'object') node.additional ??= this.node(variant.additionalProperties);
      if (variant.items !== undefined) node.items ??= this.node(variant.items);
    }
    if (node.additional) {
      for (const variant of variants) {
        for (const name of Object.keys(variant.properties ?? {}))
          if (!node.properties?.has(name)) (node.properties ??= new Map()).set(name, null);
      }
    }
    const useful =
      node.parseJson || node.utcDateTime || node.optionalNotNull || node.properties || node.additional || node.items;
    // A recursive reference may already point at this node: keep it then, even if it has nothing to do.
    if (!useful && !(this.followedRef && this.referenced(node))) {
      this.compiled.set(schema, null);
      return null;
    }
    return node;
  }

  /** The schema and the members of its unions and intersections, each as one more shape the value may have. */
  private variants(schema: JsonSchema): JsonSchema[] {
    const variants = [schema];
    if (schema.anyOf === undefined && schema.oneOf === undefined && schema.allOf === undefined) return variants;
    for (const branch of [schema.anyOf, schema.oneOf, schema.allOf]) {
      for (const variant of branch ?? []) {
        const resolved = this.resolve(variant);
        if (resolved) variants.push(resolved);
      }
    }
    return variants;
  }

  private referenced(node: LenientNode): boolean {
    for (const other of this.compiled.values()) {
      if (!other || other === node) continue;
      if (other.items === node || other.additional === node) return true;
      if (other.properties) for (const child of other.properties.values()) if (child === node) return true;
    }
    return false;
  }

  private resolve(schema: JsonSchema | boolean | undefined): JsonSchema | undefined {
    let current = schema;
    for (let hops = 0; typeof current === 'object' && current.$ref && hops < 32; hops++) {
      this.followedRef = true;
      const target = resolveLocalRef(this.root as JsonSchema, current.$ref);
      if (!target) return undefined;
      current = target;
    }
    return typeof current === 'object' ? current : undefined;
  }
}

/** A schema with no subschemas that repair could enter (most of them: strings, numbers, enums). */
function isLeaf(schema: JsonSchema): boolean {
  return (
    schema.properties === undefined &&
    schema.additionalProperties === undefined &&
    schema.items === undefined &&
    schema.prefixItems === undefined &&
    schema.anyOf === undefined &&
    schema.oneOf === undefined &&
    schema.allOf === undefined
  );
}

/** The node of a leaf, or null (nothing to repair): made without the bookkeeping recursion needs. */
function leafNode(schema: JsonSchema): LenientNode | null {
  const parseJson = expectsObjectNotString([schema]);
  const utc = isDateTime(schema);
  if (!parseJson && !utc) return null;
  return { optionalNotNull: null, parseJson, utcDateTime: utc, properties: null, additional: null, items: null };
}

/** The value is an object or an array, never a string or anything at all: JSON text in its place can be parsed. */
function expectsObjectNotString(variants: readonly JsonSchema[]): boolean {
  let structured = false;
  for (const variant of variants) {
    for (const type of typesOf(variant)) {
      if (type === 'string' || type === 'any') return false;
      if (type === 'object' || type === 'array') structured = true;
    }
  }
  return structured;
}

function isDateTime(schema: JsonSchema): boolean {
  return schema.format === 'date-time' && typesOf(schema).includes('string');
}

function typesOf(schema: JsonSchema): readonly string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.properties || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items !== undefined || schema.prefixItems) return ['array'];
  if (schema.enum || schema.const !== undefined) return ['enum'];
  if (schema.anyOf || schema.oneOf || schema.allOf || schema.$ref) return [];
  return ['any'];
}

function allowsNull(schema: JsonSchema | undefined): boolean {
  if (!schema) return true;
  if (schema.type === undefined && !schema.anyOf && !schema.oneOf && !schema.enum && schema.const === undefined) {
    return !schema.properties && !schema.items;
  }
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  if (schema.enum?.includes(null) || schema.const === null) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(
    (variant) => variant.type === 'null' || allowsNull(variant),
  );
}

/** Returns the repaired value: the same object when nothing needed repair, else a copy along the changed path. */
export function applyLeniency(value: unknown, node: LenientNode): unknown {
  if (typeof value === 'string') {
    if (node.utcDateTime) return utcDateTime(value) ?? value;
    return node.parseJson ? parseJsonText(value) : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return node.items ? repairItems(value, node.items) : value;
  if (!node.optionalNotNull && !node.properties && !node.additional) return value;
  return repairProperties(value as Record<string, unknown>, node);
}

function parseJsonText(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return text;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : text;
  } catch {
    return text;
  }
}

function repairItems(items: unknown[], node: LenientNode): unknown[] {
  let copy: unknown[] | null = null;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const repaired = applyLeniency(item, node);
    if (repaired !== item && !copy) copy = items.slice(0, i);
    if (copy) copy.push(repaired);
  }
  return copy ?? items;
}

function repairProperties(object: Record<string, unknown>, node: LenientNode): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    const value = object[key];
    let repaired: unknown = value;
    let drop = false;
    if (value === null) {
      drop = node.optionalNotNull?.has(key) === true;
    } else if (typeof value === 'object' || typeof value === 'string') {
      const child = node.properties?.has(key) ? node.properties.get(key) : node.additional;
      if (child) repaired = applyLeniency(value, child);
    }
    if ((drop || repaired !== value) && !copy) copy = copyUntil(object, key);
    if (copy && !drop) setOwn(copy, key, repaired);
  }
  return copy ?? object;
}

function copyUntil(object: Record<string, unknown>, stop: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key in object) {
    if (key === stop) break;
    if (Object.hasOwn(object, key)) setOwn(copy, key, object[key]);
  }
  return copy;
}

export { setOwn };
