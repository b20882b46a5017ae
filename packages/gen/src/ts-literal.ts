/** Source text placed as is in a generated literal (a `() => Class` thunk). */
export class Code {
  constructor(readonly text: string) {}
}

const KEY = /^( *)"([A-Za-z_$][A-Za-z0-9_$]*)": /;
const CLOSING = /^ *[}\]]/;
// Code goes through JSON.stringify as a string that no value of the manifest can hold: NUL, a token drawn at
// start-up, its index, NUL.
const TOKEN = Math.random().toString(36).slice(2, 10);
const CODE = new RegExp(`"\\\\u0000${TOKEN}(\\d+)\\\\u0000"`, 'g');

/**
 * A JSON-like value as a TypeScript expression, one property or element per line, 2-space indent, trailing
 * commas: the same value always gives the same text. `Code` values are written verbatim.
 */
export function tsLiteral(value: unknown, indent = ''): string {
  // JSON.stringify does the walk (natively, much faster than a walk in JavaScript); its lines then become
  // TypeScript: unquoted keys where they are identifiers, a comma after the last member, Code in place.
  const codes: string[] = [];
  const json = JSON.stringify(
    value,
    (_key, item: unknown) => {
      if (item instanceof Code) return `\u0000${TOKEN}${codes.push(item.text) - 1}\u0000`;
      if (typeof item === 'function' || typeof item === 'symbol') throw new TypeError(`cannot write a ${typeof item} into a generated literal`);
      return item;
    },
    2,
  );
  if (json === undefined) throw new TypeError(`cannot write ${String(value)} into a generated literal`);
  const lines = json.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    const key = KEY.exec(line);
    if (key) {
      const name = key[2]!;
      // `__proto__: x` in a literal sets the prototype; the computed form makes it an own property as in JSON.
      line = `${key[1]}${name === '__proto__' ? '["__proto__"]' : name}: ${line.slice(key[0].length)}`;
    }
    const next = lines[i + 1];
    // A line before a closing bracket ends the last member (unless it opens the container being closed).
    if (next !== undefined && CLOSING.test(next) && !line.endsWith('{') && !line.endsWith('[')) {
      line += ',';
    }
    lines[i] = i === 0 ? line : indent + line;
  }
  const text = lines.join('\n');
  return codes.length ? text.replace(CODE, (_match, index: string) => codes[Number(index)]!) : text;
}
