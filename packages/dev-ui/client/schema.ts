// Reading a tool's JSON Schema for the form: what widget each parameter gets, and the arguments the inputs make.

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  description?: string;
  default?: unknown;
  format?: string;
  $ref?: string;
  $defs?: Record<string, Schema>;
  [keyword: string]: unknown;
}

export type FieldKind = 'string' | 'enum' | 'number' | 'integer' | 'boolean' | 'object' | 'json';

/** The schema a local `$ref` (`#/$defs/Name`, or any JSON pointer into the root) points at. */
export function resolve(schema: Schema, root: Schema): Schema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 32; depth++) {
    const pointer = current.$ref.startsWith('#') ? current.$ref.slice(1) : undefined;
    if (pointer === undefined) return current;
    let target: unknown = root;
    for (const token of pointer.split('/').slice(1)) {
      const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
      target = (target as Record<string, unknown> | undefined)?.[key];
    }
    if (typeof target !== 'object' || target === null) return current;
    current = target as Schema;
  }
  return current;
}

/** The schema without its `null` alternative (a nullable field is filled as its other type, or left empty). */
function withoutNull(schema: Schema): Schema {
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== 'null');
    return { ...schema, type: types.length === 1 ? types[0]! : types };
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const rest = alternatives.filter((alternative) => alternative.type !== 'null');
    const only = rest.length === 1 ? rest[0]! : undefined;
    if (only) return schema.description === undefined ? only : { ...only, description: schema.description };
  }
  return schema;
}

export function fieldOf(schema: Schema, root: Schema): { kind: FieldKind; schema: Schema } {
  const plain = withoutNull(resolve(schema, root));
  const resolved = resolve(plain, root);
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0) return { kind: 'enum', schema: resolved };
  switch (resolved.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return { kind: resolved.type, schema: resolved };
    case 'object':
      return { kind: resolved.properties ? 'object' : 'json', schema: resolved };
    default:
      return { kind: 'json', schema: resolved };
  }
}

/** The inputs' texts, by path (`near.latitude`). */
export type FormValues = Record<string, string>;

/**
 * The arguments the inputs make. An empty input is left out (the tool's default applies, as when the model leaves
 * it out). A number input that holds no number is sent as its text: the Toolbox's answer to that is the point.
 */
export function argumentsOf(schema: Schema, root: Schema, values: FormValues, path = ''): unknown {
  const { kind, schema: field } = fieldOf(schema, root);
  if (kind === 'object') {
    const result: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(field.properties ?? {})) {
      const value = argumentsOf(property, root, values, path ? `${path}.${name}` : name);
      if (value !== undefined) result[name] = value;
    }
    return path === '' || Object.keys(result).length > 0 ? result : undefined;
  }
  const text = values[path] ?? '';
  if (text === '') return undefined;
  switch (kind) {
    case 'number':
    case 'integer':
      return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    case 'boolean':
      return text === 'true';
    case 'enum':
      return field.enum!.find((option) => JSON.stringify(option) === text) ?? text;
    case 'json':
      try {
        return JSON.parse(text);
      } catch (error) {
        throw new Error(`${path} is not JSON: ${(error as Error).message}`);
      }
    default:
      return text;
  }
}
