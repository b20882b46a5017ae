import { LiteralReader } from './literal-reader.js';
import { type Reading, setKey, Unreadable } from './read-signals.js';

/** Qwen3-Coder's chat template writes each argument as `<parameter=name>` text `</parameter>`. */
export const PARAMETER_TAG = '<parameter=';
const PARAMETER_CLOSE = '</parameter>';

/**
 * The arguments of `<function=name>` written as Qwen3-Coder's XML parameters, from the first `<parameter=` to the
 * last `</parameter>` (the reader then stands before `</function>`). A value is the text as written less the line
 * breaks the template puts around it; `schemaOf` gives the property's schema, which says whether the text is a
 * string or a JSON (or Python) literal (numbers and booleans are converted later, as for any call).
 */
export function* readXmlParameters(
  reader: LiteralReader,
  schemaOf: (key: string) => Record<string, unknown> | undefined,
): Reading<Record<string, unknown>> {
  const args: Record<string, unknown> = {};
  for (;;) {
    while (!reader.blank()) yield;
    const opening = yield* reader.lookingAt(PARAMETER_TAG);
    if (opening !== 'yes') return args;
    reader.pos += PARAMETER_TAG.length;
    let key = reader.name(true);
    while (typeof key !== 'string') {
      yield;
      key = reader.name(true);
    }
    if (Object.hasOwn(args, key)) throw new Unreadable(`the argument "${key}" is given twice`, reader.pos);
    while (!reader.blank()) yield;
    reader.take('>');
    const from = reader.pos;
    const to = yield* untilClose(reader);
    reader.pos = to + PARAMETER_CLOSE.length;
    setKey(args, key, typed(withoutFrame(reader.slice(from, to)), schemaOf(key)));
  }
}

/** Where the next `</parameter>` starts: the value's text is whatever comes before it. */
function* untilClose(reader: LiteralReader): Reading<number> {
  for (;;) {
    while (!reader.ready()) yield;
    if (reader.peek() === '<') {
      const close = yield* reader.lookingAt(PARAMETER_CLOSE);
      if (close === 'yes') return reader.pos;
    }
    reader.pos++;
  }
}

/** The value less one line break on each side, as the template writes it. */
function withoutFrame(raw: string): string {
  let start = 0;
  let end = raw.length;
  if (raw.startsWith('\r\n')) start = 2;
  else if (raw.startsWith('\n')) start = 1;
  if (raw.endsWith('\r\n') && end - 2 >= start) end -= 2;
  else if (raw.endsWith('\n') && end - 1 >= start) end -= 1;
  return raw.slice(start, end);
}

/**
 * A string where the property takes one (or its schema is unknown); where it wants an object or an array and no
 * string, the text read as a literal (a text that does not read stays a string, and validation answers it).
 */
function typed(raw: string, schema: Record<string, unknown> | undefined): unknown {
  const types = new Set<string>();
  const add = (type: unknown) => {
    if (typeof type === 'string') types.add(type.toLowerCase());
    else if (Array.isArray(type)) for (const item of type) add(item);
  };
  add(schema?.type);
  for (const variant of [...asList(schema?.anyOf), ...asList(schema?.oneOf)])
    add((variant as Record<string, unknown> | undefined)?.type);
  if (types.has('string') || !(types.has('object') || types.has('array'))) return raw;
  try {
    const reader = new LiteralReader(raw, 0, true);
    reader.skipSpace();
    const value = reader.value();
    reader.skipSpace();
    return reader.atEnd ? value : raw;
  } catch {
    return raw;
  }
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
