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
  // The pieces go to one list joined once: nesting template strings copies every inner text again at each level.
  const out: string[] = [];
  write(value, indent, out);
  return out.join('');
}

function write(value: unknown, indent: string, out: string[]): void {
  if (value instanceof Code) {
    out.push(value.text);
  } else if (value === null) {
    out.push('null');
  } else if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push('[]');
      return;
    }
    const inner = `${indent}  `;
    out.push('[\n');
    for (const item of value) {
      out.push(inner);
      write(item, inner, out);
      out.push(',\n');
    }
    out.push(indent, ']');
  } else if (typeof value === 'object') {
    const inner = `${indent}  `;
    let empty = true;
    for (const key in value) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      out.push(empty ? `{\n${inner}` : inner, propertyKey(key), ': ');
      empty = false;
      write(item, inner, out);
      out.push(',\n');
    }
    out.push(empty ? '{}' : `${indent}}`);
  } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    out.push(JSON.stringify(value));
  } else {
    throw new TypeError(`cannot write a ${typeof value} into a generated literal`);
  }
}

function propertyKey(key: string): string {
  // `__proto__: x` in a literal sets the prototype; the computed form makes it an own property as in JSON.
  if (key === '__proto__') return '["__proto__"]';
  return IDENTIFIER.test(key) ? key : JSON.stringify(key);
}
