import type { JsonSchema } from '../json-schema.js';
import { refName } from './json-pointer.js';

/** A short type summary for description notes: `string`, `"red"`, `number | null`, `TreeNode`, `string[]`. */
export function summarizeType(schema: JsonSchema | boolean | undefined, depth = 0): string {
  if (schema === undefined || schema === true) return 'any value';
  if (schema === false) return 'nothing';
  if (depth > 3) return '...';
  if (schema.$ref) return refName(schema.$ref);
  if (Object.hasOwn(schema, 'const')) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((branch) => summarizeType(branch, depth + 1)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.properties ? 'object' : 'any value';
  return types
    .map((type) => {
      if (type === 'array' && schema.prefixItems) {
        return `[${schema.prefixItems.map((item) => summarizeType(item, depth + 1)).join(', ')}]`;
      }
      if (type === 'array' && schema.items !== undefined) {
        const item = summarizeType(schema.items, depth + 1);
        return item.includes(' ') ? `(${item})[]` : `${item}[]`;
      }
      return type;
    })
    .join(' | ');
}
