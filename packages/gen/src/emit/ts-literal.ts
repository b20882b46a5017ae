// Code goes through JSON.stringify as a string that no value of the manifest can hold: NUL, a token drawn at
// start-up, its index, NUL.
const TOKEN = Math.random().toString(36).slice(2, 10);
const CODE = new RegExp(`"\\\\u0000${TOKEN}(\\d+)\\\\u0000"`, 'g');

/** A member line whose key every object inherits (`Object.prototype`'s own names, `__proto__` among them). */
const INHERITED_KEY = new RegExp(`^( *)(${Object.getOwnPropertyNames(Object.prototype).join('|')}): `, 'gm');

/** The Code met by the tsLiteral call under way, by index. */
let pending: string[] = [];

/** Source text placed as is in a generated literal (a `() => Class` thunk). */
export class Code {
  constructor(readonly text: string) {}

  /** In JSON.stringify (inside tsLiteral): a placeholder the literal's text replaces with this code. */
  toJSON(): string {
    return `\u0000${TOKEN}${pending.push(this.text) - 1}\u0000`;
  }
}

/**
 * A JSON value as a TypeScript expression, one property or element per line, 2-space indent, trailing commas:
 * the same value always gives the same text. `Code` values are written verbatim; what JSON.stringify leaves out
 * (undefined, functions) is left out.
 */
export function tsLiteral(value: unknown, indent = ''): string {
  // JSON.stringify does the walk, natively; a few whole-text replacements then make its lines TypeScript. In its
  // output every line is one member or one bracket, and a string never spans lines (newlines are escaped), so a
  // line pattern cannot meet the inside of a string: a member line that starts with a quoted identifier and `": `
  // has a key there.
  // No replacer function: it would be called back for every value. Code turns into placeholders by its toJSON.
  const codes: string[] = (pending = []);
  const json = JSON.stringify(value, null, 2);
  if (json === undefined) throw new TypeError(`cannot write ${String(value)} into a generated literal`);
  // Keys that are identifiers lose their quotes. Names every object inherits are computed keys of type string
  // (`["toString" + ""]`, valid JavaScript too): `__proto__: x` would set the prototype, and TypeScript types the
  // value of a literal key such as `toString` by the inherited member (`() => string`) instead of the record's index
  // signature, so the module would not compile.
  let text = json.replace(/^( *)"([A-Za-z_$][A-Za-z0-9_$]*)": /gm, '$1$2: ');
  text = text.replace(INHERITED_KEY, '$1["$2" + ""]: ');
  // The last member before a closing bracket gets a comma too (a line that opens a container has no member).
  text = text.replace(/([^[{,])(?=\n *[}\]])/g, '$1,');
  if (indent) text = text.replace(/\n/g, `\n${indent}`);
  return codes.length ? text.replace(CODE, (_match, index: string) => codes[Number(index)]!) : text;
}
