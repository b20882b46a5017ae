import { Incomplete, type LiteralReader, setKey, Unreadable } from './literal-reader.js';

/**
 * Reads the argument list of a call, from `(` to `)`: one JSON object (`name({"a": 1})`, the tool-call format), or
 * Python keyword arguments (`name(a=1, b="x")`, the python format). Positional arguments are named by the tool's
 * parameter order when it is known. Leaves the reader after `)`.
 */
export function readArgumentList(
  reader: LiteralReader,
  parameters: readonly string[] | undefined,
  toolName: string,
): unknown {
  reader.expect('(');
  reader.skipSpace();
  if (reader.peek() === ')') {
    reader.pos++;
    return {};
  }
  if (reader.peek() === '{') {
    const value = reader.value();
    reader.skipSpace();
    if (reader.peek() === ',') reader.pos++;
    reader.expect(')');
    return value;
  }
  const args: Record<string, unknown> = {};
  let position = 0;
  for (;;) {
    reader.skipSpace();
    const key = keywordAhead(reader);
    if (key !== undefined) {
      if (Object.hasOwn(args, key)) throw new Unreadable(`the argument "${key}" is given twice`, reader.pos);
      setKey(args, key, reader.value());
    } else {
      const at = reader.pos;
      const value = reader.value();
      const name = parameters?.[position];
      if (name === undefined) {
        const why = parameters
          ? `"${toolName}" takes ${parameters.length} argument(s)`
          : 'name each argument (name=value)';
        throw new Unreadable(`a positional argument that cannot be matched to a parameter: ${why}`, at);
      }
      if (Object.hasOwn(args, name)) throw new Unreadable(`the argument "${name}" is given twice`, at);
      setKey(args, name, value);
      position++;
    }
    reader.skipSpace();
    const next = reader.peek();
    if (next === ')') {
      reader.pos++;
      return args;
    }
    if (next !== ',') throw reader.unexpected('"," or ")"');
    reader.pos++;
    reader.skipSpace();
    if (reader.peek() === ')') {
      reader.repairs.add('trailing-comma');
      reader.pos++;
      return args;
    }
  }
}

/** `name =` ahead (not `==`): consumes it and returns the name; otherwise leaves the reader where it was. */
function keywordAhead(reader: LiteralReader): string | undefined {
  const start = reader.pos;
  if (!/[A-Za-z_]/.test(reader.peek())) return undefined;
  let key: string;
  try {
    key = reader.keyName();
    reader.skipSpace();
    if (reader.peek() === '=' && reader.text[reader.pos + 1] !== '=') {
      reader.pos++;
      return key;
    }
  } catch (error) {
    if (error instanceof Incomplete) throw error;
  }
  reader.pos = start;
  return undefined;
}
