import { doubleQuoted, LINE_BREAKS_IN_STRINGS, unicodeEscape } from './generated-text.js';
/** Source text placed as is in a generated literal (a `() => Class` thunk). */
export class Code {
  constructor(readonly text: string) {}
}

/**
 * Keys every object inherits (`Object.prototype`'s own names, `__proto__` among them) are written as computed keys
 * of type string (`["toString" + ""]`, valid JavaScript too): `__proto__: x` would set the prototype, and
 * TypeScript types the value of a literal key such as `toString` by the inherited member (`() => string`) instead of
 * the record's index signature, so the module would not compile.
 */
const INHERITED_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A JSON value as a TypeScript expression, one property or element per line, 2-space indent, trailing commas:
 * the same value always gives the same text. `Code` values are written verbatim. Values are read as
 * JSON.stringify reads them (`toJSON`, boxed primitives; undefined, functions and symbols are left out of objects
 * and are `null` in arrays, as are numbers that are not finite); `indent` starts every line after the first.
 */
export function tsLiteral(value: unknown, indent = '', memo?: LiteralMemo): string {
  const text = write(value, '', indent, memo);
  if (text === undefined) throw new TypeError(`cannot write ${String(value)} into a generated literal`);
  return flat(text);
}

/** Keys every object inherits, quoted as JSON writes them at a line's start after the indent. */
const INHERITED_KEY_LINE = new RegExp(`\\n( *)"(${[...INHERITED_KEYS].join('|')})": `, 'g');

/**
 * tsLiteral's text of a JSON value, made from JSON.stringify's text of it with a 2-space indent (and any indent added
 * after each line break, as tools.json's blocks have): for a value whose JSON is written anyway, a few native passes
 * over the text cost less than tsLiteral's walk of the value. In that text every line holds one member or one
 * bracket and no string spans lines, so a line's start tells a key or a closing bracket: keys that are identifiers
 * lose their quotes (inherited ones become computed keys, as propertyKey writes them), the last member before a
 * closing bracket gets its comma, and U+2028 and U+2029 are escaped as doubleQuoted escapes them. The value must hold
 * no Code and no bigint (JSON.stringify throws on it, as tsLiteral does).
 */
export function tsLiteralOfJson(json: string): string {
  const text = json
    .replace(INHERITED_KEY_LINE, '\n$1["$2" + ""]: ')
    .replace(/\n( *)"([A-Za-z_$][A-Za-z0-9_$]*)": /g, '\n$1$2: ')
    .replace(/\n( *[}\]])/g, ',\n$1');
  return flat(text.replace(LINE_BREAKS_IN_STRINGS, unicodeEscape));
}

/**
 * The same string laid out in one piece. A string built with `+` is a tree of its pieces, which V8 walks again each
 * time the string is copied (the join of a file's blocks, on every `--watch` run that keeps a tool's block); reading
 * it as a number makes V8 lay it out once, in place. On the 1,000-tool module: the join took about as long as the
 * layout, and a kept block's next join a tenth of it.
 */
export function flat(text: string): string {
  Number(text);
  return text;
}

/**
 * The texts written so far in one render, by object and indent: the tools of a project share their types' schemas
 * (a schema is made once per type), so a schema that a hundred tools hold is written once. Only for one render,
 * where nothing changes the values written.
 */
export type LiteralMemo = WeakMap<object, Map<string, string>>;

/** The text of `value` whose first line is at `outer`, or undefined where JSON leaves the value out. */
function write(value: unknown, key: string, outer: string, memo: LiteralMemo | undefined): string | undefined {
  if (value instanceof Code) return value.text;
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(key: string): unknown }).toJSON(key);
  } else if (memo && typeof value === 'object' && value !== null && !isBoxed(value)) {
    // Not a value toJSON gave: its text depends only on the object and the indent.
    let byIndent = memo.get(value);
    const known = byIndent?.get(outer);
    if (known !== undefined) return known;
    const text = Array.isArray(value)
      ? writeArray(value, outer, memo)
      : writeObject(value as Record<string, unknown>, outer, memo);
    if (!byIndent) memo.set(value, (byIndent = new Map()));
    byIndent.set(outer, text);
    return text;
  }
  if (isBoxed(value)) value = value.valueOf();
  switch (typeof value) {
    case 'string':
      return doubleQuoted(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError(`cannot write the bigint ${value} into a generated literal`);
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value)
        ? writeArray(value, outer, memo)
        : writeObject(value as Record<string, unknown>, outer, memo);
    default:
      return undefined; // undefined, functions, symbols
  }
}

function isBoxed(value: unknown): value is number | string | boolean {
  return value instanceof Number || value instanceof String || value instanceof Boolean;
}

function writeArray(items: readonly unknown[], outer: string, memo: LiteralMemo | undefined): string {
  if (items.length === 0) return '[]';
  const inner = `${outer}  `;
  let text = '[';
  for (let index = 0; index < items.length; index++) {
    text += `\n${inner}${write(items[index], String(index), inner, memo) ?? 'null'},`;
  }
  return `${text}\n${outer}]`;
}

function writeObject(record: Record<string, unknown>, outer: string, memo: LiteralMemo | undefined): string {
  const inner = `${outer}  `;
  let text = '';
  for (const key of Object.keys(record)) {
    const member = write(record[key], key, inner, memo);
    if (member !== undefined) text += `\n${inner}${propertyKey(key)}: ${member},`;
  }
  return text === '' ? '{}' : `{${text}\n${outer}}`;
}

function propertyKey(key: string): string {
  if (!IDENTIFIER.test(key)) return doubleQuoted(key);
  return INHERITED_KEYS.has(key) ? `["${key}" + ""]` : key;
}
