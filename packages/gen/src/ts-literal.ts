/** Source text placed as is in a generated literal (a `() => Class` thunk). */
export class Code {
  constructor(readonly text: string) {}
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A JSON-like value as a TypeScript expression, one property or element per line, 2-space indent, trailing
 * commas: the same value always gives the same text. `Code` values are written verbatim.
 */
export function tsLiteral(value: unknown, indent = ''): string {
  if (value instanceof Code) return value.text;
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = `${indent}  `;
    return `[\n${value.map((item) => `${inner}${tsLiteral(item, inner)},\n`).join('')}${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    return `{\n${entries.map(([key, item]) => `${inner}${propertyKey(key)}: ${tsLiteral(item, inner)},\n`).join('')}${indent}}`;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  throw new TypeError(`cannot write a ${typeof value} into a generated literal`);
}

function propertyKey(key: string): string {
  // `__proto__: x` in a literal sets the prototype; the computed form makes it an own property as in JSON.
  if (key === '__proto__') return '["__proto__"]';
  return IDENTIFIER.test(key) ? key : JSON.stringify(key);
}
