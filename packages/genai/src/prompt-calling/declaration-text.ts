import type { FunctionDeclaration } from '@google/genai';

/** A schema as either dialect renders it: Gemini's OpenAPI subset (upper-case types) or JSON Schema. */
type Schema = Record<string, unknown>;

/**
 * One tool as prompt text: a signature with types, enums, optional marks, defaults and constraints, then the
 * description and one line per described parameter. Compact on purpose: it is paid for on every request.
 *
 *   getForecast(location: string, days?: integer [1..7] = 3)
 *     Gets the forecast, one entry per day.
 *     - days: How many days.
 */
export function declarationText(declaration: FunctionDeclaration): string {
  const schema = parametersOf(declaration);
  const properties = objectProperties(schema);
  const required = new Set(requiredOf(schema));
  const defs = definitions(schema);
  const signature = Object.entries(properties)
    .map(
      ([name, property]) =>
        `${name}${required.has(name) ? '' : '?'}: ${typeText(property, defs, 0)}${defaultText(property)}`,
    )
    .join(', ');
  const lines = [`${declaration.name ?? ''}(${signature})`];
  const description = declaration.description?.trim();
  if (description)
    lines.push(
      ...description
        .split('\n')
        .map((line) => `  ${line.trim()}`)
        .filter((line) => line.trim() !== ''),
    );
  for (const [path, text] of describedPaths(properties, '', defs, 0)) lines.push(`  - ${path}: ${text}`);
  return lines.join('\n');
}

/** The names of the top-level parameters, in order (for positional arguments). */
export function parameterNames(declaration: FunctionDeclaration): string[] {
  const schema = parametersOf(declaration);
  const ordering = schema.propertyOrdering;
  const names = Object.keys(objectProperties(schema));
  return Array.isArray(ordering) && ordering.every((name) => names.includes(name)) ? (ordering as string[]) : names;
}

function parametersOf(declaration: FunctionDeclaration): Schema {
  const schema = (declaration.parametersJsonSchema ?? declaration.parameters ?? {}) as unknown;
  return typeof schema === 'object' && schema !== null ? (schema as Schema) : {};
}

function objectProperties(schema: Schema): Record<string, Schema> {
  const properties = schema.properties;
  return typeof properties === 'object' && properties !== null ? (properties as Record<string, Schema>) : {};
}

function requiredOf(schema: Schema): string[] {
  return Array.isArray(schema.required) ? (schema.required as string[]) : [];
}

function definitions(schema: Schema): Record<string, Schema> {
  const defs = schema.$defs ?? schema.definitions;
  return typeof defs === 'object' && defs !== null ? (defs as Record<string, Schema>) : {};
}

function typeNames(schema: Schema): string[] {
  const type = schema.type;
  const list = Array.isArray(type) ? type : type === undefined ? [] : [type];
  return list.map((name) => String(name).toLowerCase());
}

/** Deep schemas are cut off: the prompt names their type, the Toolbox still checks them whole. */
const MAX_DEPTH = 4;

function typeText(schema: Schema, defs: Record<string, Schema>, depth: number): string {
  if (typeof schema !== 'object' || schema === null) return 'any';
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (ref) return ref.split('/').pop() ?? 'object';
  const nullable = schema.nullable === true;
  let text: string;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(schema.enum)) text = schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  else if ('const' in schema) text = JSON.stringify(schema.const);
  else if (Array.isArray(variants)) text = variants.map((variant) => typeText(variant, defs, depth + 1)).join(' | ');
  else {
    const types = typeNames(schema);
    text = types.length ? types.map((type) => singleType(type, schema, defs, depth)).join(' | ') : 'any';
  }
  const notes = constraints(schema);
  if (notes.length) text += ` [${notes.join(', ')}]`;
  return nullable ? `${text} | null` : text;
}

function singleType(type: string, schema: Schema, defs: Record<string, Schema>, depth: number): string {
  if (type === 'array') {
    const items = schema.items as Schema | undefined;
    const prefix = schema.prefixItems as Schema[] | undefined;
    if (Array.isArray(prefix)) return `[${prefix.map((item) => typeText(item, defs, depth + 1)).join(', ')}]`;
    const inner = items ? typeText(items, defs, depth + 1) : 'any';
    return inner.includes(' ') ? `(${inner})[]` : `${inner}[]`;
  }
  if (type === 'object') {
    const properties = objectProperties(schema);
    const names = Object.keys(properties);
    const extra = schema.additionalProperties;
    if (names.length === 0) {
      return typeof extra === 'object' && extra !== null
        ? `{[key: string]: ${typeText(extra as Schema, defs, depth + 1)}}`
        : 'object';
    }
    if (depth >= MAX_DEPTH) return 'object';
    const required = new Set(requiredOf(schema));
    const fields = names.map(
      (name) => `${name}${required.has(name) ? '' : '?'}: ${typeText(properties[name]!, defs, depth + 1)}`,
    );
    return `{${fields.join(', ')}}`;
  }
  return type;
}

function constraints(schema: Schema): string[] {
  const notes: string[] = [];
  const range = (low: unknown, high: unknown, unit = '') => {
    if (low === undefined && high === undefined) return;
    if (low !== undefined && high !== undefined) notes.push(`${String(low)}..${String(high)}${unit}`);
    else if (low !== undefined) notes.push(`>= ${String(low)}${unit}`);
    else notes.push(`<= ${String(high)}${unit}`);
  };
  range(schema.minimum, schema.maximum);
  if (schema.exclusiveMinimum !== undefined) notes.push(`> ${String(schema.exclusiveMinimum)}`);
  if (schema.exclusiveMaximum !== undefined) notes.push(`< ${String(schema.exclusiveMaximum)}`);
  range(schema.minLength, schema.maxLength, ' chars');
  range(schema.minItems, schema.maxItems, ' items');
  if (schema.uniqueItems === true) notes.push('unique');
  if (typeof schema.format === 'string') notes.push(`format ${schema.format}`);
  if (typeof schema.pattern === 'string') notes.push(`pattern ${schema.pattern}`);
  return notes;
}

function defaultText(schema: Schema): string {
  return typeof schema === 'object' && schema !== null && 'default' in schema
    ? ` = ${JSON.stringify(schema.default)}`
    : '';
}

/** `path: description` for every described property, nested ones by dotted path. */
function describedPaths(
  properties: Record<string, Schema>,
  prefix: string,
  defs: Record<string, Schema>,
  depth: number,
): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, property] of Object.entries(properties)) {
    if (typeof property !== 'object' || property === null) continue;
    const path = prefix + name;
    const description =
      typeof property.description === 'string' ? property.description.replace(/\s*\n\s*/g, ' ').trim() : '';
    if (description) out.push([path, description]);
    if (depth < MAX_DEPTH) {
      const nested = objectProperties(property);
      const items = property.items as Schema | undefined;
      out.push(...describedPaths(nested, `${path}.`, defs, depth + 1));
      if (items && typeof items === 'object')
        out.push(...describedPaths(objectProperties(items), `${path}[].`, defs, depth + 1));
    }
  }
  return out;
}
