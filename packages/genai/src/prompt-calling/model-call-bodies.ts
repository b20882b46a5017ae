import type { KnownTools } from './known-tools.js';
import { isKeyPart, type LiteralReader } from './literal-reader.js';
import type { ReplyItem } from './parsed-reply.js';
import { Incomplete, MORE, type Reading } from './read-signals.js';
import { PARAMETER_TAG, readXmlParameters } from './xml-parameters.js';

// The bodies of calls written in a model's own syntax, once the frame reader has found their opening:
// `<function=name>` (Llama 3.1's custom tools, Qwen3-Coder) and Mistral's `name[ARGS]{...}`.

export const FUNCTION_TAG = '<function=';
const FUNCTION_CLOSE = '</function>';
const MISTRAL_ARGS = '[args]';
/** Mistral's v13 tokenizer writes the call's id between its name and its arguments. */
const MISTRAL_CALL_ID = '[call_id]';
/** Longest call id skipped (Mistral's are 9 characters). */
const MAX_CALL_ID = 64;

/** A function name, read as the text comes. */
export function* readName(reader: LiteralReader): Reading<string> {
  let name = reader.name();
  while (name === MORE) {
    yield;
    name = reader.name();
  }
  return name;
}

/** After `<function=`: the name, its arguments as one JSON object or as Qwen3-Coder's XML parameters, `</function>`. */
export function* readFunctionBody(reader: LiteralReader, tools: KnownTools): Reading<ReplyItem[]> {
  const start = reader.pos;
  const name = yield* readName(reader);
  while (!reader.blank()) yield;
  reader.take('>');
  while (!reader.blank()) yield;
  let args: unknown;
  if (reader.peek() === '<' && (yield* reader.lookingAt(PARAMETER_TAG)) === 'yes')
    args = yield* readXmlParameters(reader, (key) => tools.parameterSchema(name, key));
  else {
    args = reader.value();
    while (args === MORE) {
      yield;
      args = reader.value();
    }
  }
  while (!reader.blank()) yield;
  const closing = yield* reader.lookingAt(FUNCTION_CLOSE);
  if (closing === 'partial') throw new Incomplete(reader.pos);
  if (closing === 'no') throw reader.unexpected(`"${FUNCTION_CLOSE}"`);
  reader.pos += FUNCTION_CLOSE.length;
  return [tools.callItem(name, args, start, reader.pos, reader, [...reader.repairs, 'other-format'])];
}

/**
 * After `[TOOL_CALLS]`: `name[ARGS]{...}`, `name[CALL_ID]id[ARGS]{...}`, or a call written as `name(...)` (read on
 * by `callAfterName` from the name's start).
 */
export function* readMistralBody(
  reader: LiteralReader,
  tools: KnownTools,
  callAfterName: (start: number, name: string) => Reading<ReplyItem>,
): Reading<ReplyItem[]> {
  const start = reader.pos;
  const name = yield* readName(reader);
  let args = yield* reader.lookingAt(MISTRAL_ARGS);
  if (args === 'no' && (yield* reader.lookingAt(MISTRAL_CALL_ID)) === 'yes') {
    reader.pos += MISTRAL_CALL_ID.length;
    yield* skipCallId(reader);
    args = yield* reader.lookingAt(MISTRAL_ARGS);
    if (args === 'no') throw reader.unexpected('"[ARGS]"');
  }
  if (args === 'partial') throw new Incomplete(reader.pos);
  if (args === 'no') return [yield* callAfterName(start, name)];
  reader.pos += MISTRAL_ARGS.length;
  let value = reader.value();
  while (value === MORE) {
    yield;
    value = reader.value();
  }
  return [tools.callItem(name, value, start, reader.pos, reader, [...reader.repairs, 'other-format'])];
}

/** The id after `[CALL_ID]`: letters and digits, up to `[ARGS]`. */
function* skipCallId(reader: LiteralReader): Reading<void> {
  const start = reader.pos;
  for (;;) {
    while (!reader.ready()) yield;
    if (!isKeyPart(reader.code())) return;
    if (reader.pos - start >= MAX_CALL_ID) throw reader.unexpected('"[ARGS]"');
    reader.pos++;
  }
}
