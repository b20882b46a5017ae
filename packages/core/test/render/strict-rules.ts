// OpenAI strict mode's schema rules, as OpenAI's structured-outputs guide states them, checked by walking a schema.
// Our own rules: no OpenAI fake exists in this repository.
import type { JsonSchema } from '../../src/index.js';

const ALLOWED = new Set([
  'type',
  'title',
  'description',
  'enum',
  'const',
  'anyOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
  '$defs',
  '$ref',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

/** Every violation of strict mode's rules in `schema` (a tool's parameters), each with its JSON Pointer. */
export function strictSchemaProblems(schema: JsonSchema): string[] {
  const problems: string[] = [];
  if (schema.type !== 'object') problems.push(': the root must be an object');
  if (schema.anyOf) problems.push(': the root must not be anyOf');
  walk(schema, '', problems);
  return problems;
}

function walk(node: JsonSchema, path: string, problems: string[]): void {
  for (const key of Object.keys(node)) {
    if (!ALLOWED.has(key)) problems.push(`${path}: keyword "${key}" is not supported in strict mode`);
  }
  if (node.$ref !== undefined && Object.keys(node).length > 1) problems.push(`${path}: $ref must stand alone`);
  if (node.$ref === undefined && node.anyOf === undefined && node.type === undefined) {
    problems.push(`${path}: every schema needs a type`);
  }
  if (node.format !== undefined && !FORMATS.has(node.format)) problems.push(`${path}: format "${node.format}"`);
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  if (types.includes('object')) {
    if (node.additionalProperties !== false) problems.push(`${path}: additionalProperties must be false`);
    const names = Object.keys(node.properties ?? {});
    const required = node.required ?? [];
    if (node.properties === undefined) problems.push(`${path}: an object needs properties`);
    if (names.length !== required.length || names.some((name) => !required.includes(name))) {
      problems.push(`${path}: every property must be required (${names.join(',')} vs ${required.join(',')})`);
    }
  }
  if (types.includes('array') && node.items === undefined) problems.push(`${path}: an array needs items`);
  if (node.enum && types.length > 0) {
    for (const value of node.enum) {
      const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
      const fits = types.some((t) => t === type || ((t === 'integer' || t === 'number') && type === 'number'));
      if (!fits) problems.push(`${path}: enum value ${JSON.stringify(value)} does not fit type ${types.join('|')}`);
    }
  }
  for (const [name, child] of Object.entries(node.properties ?? {}))
    walk(child, `${path}/properties/${name}`, problems);
  for (const [name, child] of Object.entries(node.$defs ?? {})) walk(child, `${path}/$defs/${name}`, problems);
  for (const [index, child] of (node.anyOf ?? []).entries()) walk(child, `${path}/anyOf/${index}`, problems);
  if (node.items && typeof node.items === 'object') walk(node.items, `${path}/items`, problems);
}
