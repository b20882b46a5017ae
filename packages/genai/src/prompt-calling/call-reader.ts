import type { LiteralReader } from './literal-reader.js';
import { MORE, type Reading, setKey, Unreadable } from './read-signals.js';
import { isNameStart } from './text-cursor.js';

/**
 * Reads the argument list of a call, from `(` to `)`: one JSON object (`name({"a": 1})`, the tool-call format), or
 * Python keyword arguments (`name(a=1, b="x")`, the python format). Positional arguments are named by the tool's
 * parameter order when it is known. Leaves the reader after `)`; in a stream it waits where the text so far ends.
 */
export function* readArgumentList(
  reader: LiteralReader,
  parameters: readonly string[] | undefined,
  toolName: string,
): Reading<unknown> {
  while (!reader.blank()) yield;
  reader.take('(');
  while (!reader.blank()) yield;
  if (reader.peek() === ')') {
    reader.pos++;
    return {};
  }
  if (reader.peek() === '{') {
    let value = reader.value();
    while (value === MORE) {
      yield;
      value = reader.value();
    }
    while (!reader.blank()) yield;
    if (reader.peek() === ',') reader.pos++;
    while (!reader.blank()) yield;
    reader.take(')');
    return value;
  }
  const args: Record<string, unknown> = {};
  let position = 0;
  for (;;) {
    const ahead = yield* keywordAhead(reader);
    if (ahead !== undefined && 'key' in ahead) {
      const { key } = ahead;
      if (Object.hasOwn(args, key)) throw new Unreadable(`the argument "${key}" is given twice`, reader.pos);
      let value = reader.value();
      while (value === MORE) {
        yield;
        value = reader.value();
      }
      setKey(args, key, value);
    } else {
      const at = ahead ? ahead.at : reader.pos;
      let value = ahead ? ahead.word : reader.value();
      while (value === MORE) {
        yield;
        value = reader.value();
      }
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
    while (!reader.blank()) yield;
    const next = reader.peek();
    if (next === ')') {
      reader.pos++;
      return args;
    }
    if (next !== ',') throw reader.unexpected('"," or ")"');
    reader.pos++;
    while (!reader.blank()) yield;
    if (reader.peek() === ')') {
      reader.repairs.add('trailing-comma');
      reader.pos++;
      return args;
    }
  }
}

/**
 * `name =` ahead (after blanks; not `==`): consumes it and returns the name. A name not followed by `=` is a
 * positional bare word (`True`, `None`): its value and where it starts. Undefined: another value, left unread. The
 * name and the blanks after it are read once however the text is cut: the read waits where the text so far ends.
 */
function* keywordAhead(reader: LiteralReader): Reading<{ key: string } | { word: unknown; at: number } | undefined> {
  while (!reader.blank()) yield;
  const at = reader.pos;
  if (!isNameStart(reader.code())) return undefined;
  let name = reader.name(true);
  while (name === MORE) {
    yield;
    name = reader.name(true);
  }
  while (!reader.blank()) yield;
  if (reader.peek() === '=') {
    // The character after `=` tells `==` apart; a whole text that ends here takes it as a keyword.
    while (!reader.has(2) && !reader.final) yield;
    if (reader.charAt(reader.pos + 1) !== '=') {
      reader.pos++;
      return { key: name };
    }
  }
  return { word: reader.wordValue(name, at), at };
}
