import { GEMINI_MAX_TOOL_NAME_LENGTH } from '@toolwright/core';
import { BracketEnd, LiteralEnd } from './broken-end.js';
import { readArgumentList } from './call-reader.js';
import { type FrameBody, FrameReads } from './frame-reads.js';
import type { KnownTools } from './known-tools.js';
import type { LiteralReader } from './literal-reader.js';
import { FUNCTION_TAG, readFunctionBody, readMistralBody, readName } from './model-call-bodies.js';
import type { CallFormat, ParserRepair, ReplyItem } from './parsed-reply.js';
import { Incomplete, MORE, type Reading, type Unreadable } from './read-signals.js';
import { markRepair, problem, withText, writtenName } from './reply-items.js';
import { indexOfFolded, isNamePart, isNameStart, match, matchAny, MAX_GAP, skipGap } from './text-cursor.js';

/** What a frame reader found at a place where a call may stand. */
export type Outcome =
  | { kind: 'none' }
  /**
   * Not decidable yet (streaming). `frame`: a call surely started and may run long (a stream waits for its end);
   * otherwise only a short opening is undecided.
   */
  | { kind: 'wait'; frame: boolean }
  | { kind: 'region'; end: number; items: ReplyItem[] };

export const NONE: Outcome = { kind: 'none' };
export const WAIT_OPENING: Outcome = { kind: 'wait', frame: false };
export const WAIT_FRAME: Outcome = { kind: 'wait', frame: true };

const TOOL_CALL = 'tool_call:';
const OPEN_TAG = '<tool_call>';
const CLOSE_TAG = '</tool_call>';
const PYTHON_TAG = '<|python_tag|>';
const MISTRAL_CALLS = '[tool_calls]';
const TYPE_FUNCTION = '"type": "function",';
/** Phi-4-mini: `functools[{"name": ..., "arguments": ...}]`. */
const FUNCTOOLS = 'functools[';
const TAG_OPENINGS = [OPEN_TAG, FUNCTION_TAG, PYTHON_TAG];
/**
 * Tokens some open models end a turn with, allowed after a call on its line and after a block of calls. The turn ends
 * there: what the model writes after one is made up, and never read for calls.
 */
export const END_TOKENS = ['<|eom_id|>', '<|eot_id|>', '<end_of_turn>', '<|im_end|>', '</s>'];
/** Longest identifier taken as a possible call name. */
const MAX_NAME = GEMINI_MAX_TOOL_NAME_LENGTH;
/** Longest fence language read (```` ```tool_calls ````). */
const MAX_LANGUAGE = 16;
/** Fences meant for calls: the first thing inside decides whether the block is calls or code. */
export const CALL_FENCES = new Set(['tool_code', 'tool_call', 'tool_calls', 'json', 'python', 'py', '']);
/** Fences that only hold calls: anything else inside is a broken call, answered. */
export const CALLS_ONLY_FENCES = new Set(['tool_code', 'tool_call', 'tool_calls']);
const BARE_CALL_FENCES = new Set(['tool_code', 'tool_call', 'tool_calls', 'python', 'py', '']);

/**
 * Reads one call frame where a call may stand (the scanner decides where that is): `TOOL_CALL: f(...)`,
 * `<tool_call>{...}</tool_call>`, `[f(a=1)]`, a bare `{"name", "arguments"}` object, a fenced block of calls, and the
 * habits of open models (Gemma's `print(default_api.f(...))`, Llama's `<function=f>{...}</function>` and
 * `<|python_tag|>`, Qwen3-Coder's `<parameter=...>`, Mistral's `[TOOL_CALLS]`, Phi-4-mini's `functools[...]`).
 */
export class CallFrames {
  /** The reads of frames, kept across a stream's scans so that no frame is read twice. */
  readonly reads: FrameReads;

  constructor(
    private readonly tools: KnownTools,
    private readonly format: CallFormat,
    streaming: boolean,
  ) {
    this.reads = new FrameReads(streaming);
  }

  /** A frame at `at`; `fence` is the language of the block of calls it stands in, if any. */
  region(text: string, at: number, final: boolean, fence: string | undefined): Outcome {
    const char = text[at];
    if (char === '[') {
      const mistral = match(text, at, MISTRAL_CALLS);
      if (mistral === 'yes') return this.mistralCalls(text, at, final);
      if (mistral === 'partial' && !final) return WAIT_OPENING;
      return this.pythonList(text, at, final, fence);
    }
    if (char === '{') return this.bareJson(text, at, at, final, fence);
    if (char === '<') return this.tagged(text, at, final);
    const marker = match(text, at, TOOL_CALL);
    if (marker === 'yes') return this.toolCallLine(text, at, final);
    if (marker === 'partial' && !final) return WAIT_OPENING;
    const phi = match(text, at, FUNCTOOLS);
    if (phi === 'yes')
      return this.read(text, at, at + FUNCTOOLS.length - 1, final, (reader, start) =>
        this.jsonCalls(reader, start, 'other-format'),
      );
    if (phi === 'partial' && !final) return WAIT_OPENING;
    if (isNameStart(text.charCodeAt(at))) return this.bareCall(text, at, final, fence);
    return NONE;
  }

  /**
   * The opening line of a fence that may hold calls (```` ```lang ```` and its line break): the block's language and
   * where its content starts. NONE for a fence of another language.
   */
  fenceHead(text: string, at: number, final: boolean): { language: string; content: number } | Outcome {
    let pos = at + 3;
    while (pos < text.length && pos - at <= MAX_LANGUAGE && /[A-Za-z0-9_+.-]/.test(text[pos]!)) pos++;
    const language = text.slice(at + 3, pos).toLowerCase();
    if (!CALL_FENCES.has(language)) return pos >= text.length && !final ? WAIT_OPENING : NONE;
    pos = skipGap(text, pos, false);
    if (text[pos] === '\r') pos++;
    if (pos >= text.length) return final ? NONE : WAIT_OPENING;
    if (text[pos] !== '\n') return NONE;
    pos = skipGap(text, pos + 1);
    if (pos >= text.length) return final ? NONE : WAIT_OPENING;
    return { language, content: pos };
  }

  /**
   * One line of calls in a block of calls, from `at`: each call fills the line (with blanks and commas between),
   * which ends at a line break (included), the text's end, or the block's closing fence (not included). NONE: the
   * line holds something else.
   */
  fenceLine(text: string, at: number, final: boolean, language: string): Outcome {
    const items: ReplyItem[] = [];
    let pos = at;
    for (;;) {
      const next = this.region(text, pos, final, language);
      if (next.kind !== 'region') return next;
      items.push(...next.items);
      pos = next.end;
      while (pos < text.length && ' \t\r,;'.includes(text[pos]!)) pos++;
      if (pos >= text.length) return final ? { kind: 'region', end: pos, items } : WAIT_FRAME;
      if (text[pos] === '\n') return { kind: 'region', end: pos + 1, items };
      if (match(text, pos, '```') !== 'no') return { kind: 'region', end: pos, items };
    }
  }

  /**
   * Where the block's closing line ends, if ```` ``` ```` closes it at `at` (a line of two backticks too, a small
   * model's slip; an end-of-turn token may follow); undefined: not known yet.
   */
  fenceClose(text: string, at: number, final: boolean): number | false | undefined {
    let pos = at;
    while (pos < text.length && pos - at <= MAX_GAP && text[pos] === '`') pos++;
    if (pos >= text.length && pos - at < 3 && !final) return undefined;
    if (pos - at < 2) return false;
    for (;;) {
      while (
        pos < text.length &&
        pos - at <= MAX_GAP &&
        (text[pos] === ' ' || text[pos] === '\t' || text[pos] === '\r')
      )
        pos++;
      if (pos >= text.length) return final ? pos : undefined;
      if (text[pos] === '\n') return pos + 1;
      const token = matchAny(text, pos, END_TOKENS);
      if (token === undefined || (token === 'partial' && final)) return false;
      if (token === 'partial') return undefined;
      // The block ends here; the token, which ends the model's turn, is read by the scan (all after it is made up).
      return pos;
    }
  }

  /** Something that is not a call inside a block of calls: the model gets told, up to the block's end. */
  notACall(text: string, pos: number, final: boolean, items: ReplyItem[]): Outcome {
    const closing = text.indexOf('```', pos);
    if (closing < 0 && !final) return WAIT_FRAME;
    const end = closing < 0 ? text.length : closing;
    items.push(problem('unparsable', text, pos, end, 'text inside a block of calls that is not a call'));
    return { kind: 'region', end: closing < 0 ? end : end + 3, items };
  }

  /** `TOOL_CALL: name({...})` (also `TOOL_CALL: {"name": ..., "arguments": ...}` and `TOOL_CALL: [name(...)]`). */
  private toolCallLine(text: string, at: number, final: boolean): Outcome {
    const pos = skipGap(text, at + TOOL_CALL.length, false);
    if (pos >= text.length) return final ? this.cutOff(text, at) : WAIT_FRAME;
    const char = text[pos];
    return this.read(text, at, pos, final, (reader, start) =>
      char === '{'
        ? this.jsonCalls(reader, start, 'other-format')
        : char === '['
          ? this.readPythonList(reader)
          : this.oneCall(reader),
    );
  }

  /**
   * `[name(a=1), other()]`, or a JSON list of `{name, arguments}` objects. Any name where the python format is asked
   * for or in a `tool_code` block; elsewhere only a tool's name, so that code such as `[f(x) for x in xs]` is prose.
   */
  private pythonList(text: string, at: number, final: boolean, fence: string | undefined): Outcome {
    const start = skipGap(text, at + 1);
    if (text[start] === '{') return this.bareJson(text, at, start, final, fence);
    const anyName =
      fence === undefined
        ? this.format === 'python'
        : fence === 'tool_code' || (this.format === 'python' && fence !== 'python' && fence !== 'py');
    const opening = this.callOpening(text, start, final, anyName);
    if (opening.kind !== 'region') return opening;
    return this.read(text, at, at, final, (reader) => this.readPythonList(reader));
  }

  /** A call without brackets (`name(a=1)`, `print(default_api.name(a=1))`): a tool's name, or any in a tool_code block. */
  private bareCall(text: string, at: number, final: boolean, fence: string | undefined): Outcome {
    if (fence !== undefined && !BARE_CALL_FENCES.has(fence)) return NONE;
    const opening = this.callOpening(text, at, final, fence === 'tool_code');
    if (opening.kind !== 'region') return opening;
    return this.read(text, at, at, final, (reader) => this.oneCall(reader));
  }

  /**
   * Whether `name(` starts at `pos`: a name of a known tool, or any name when `anyName` (`print(` counts when a call
   * follows inside it). A region (with no items) means yes.
   */
  private callOpening(text: string, pos: number, final: boolean, anyName: boolean): Outcome {
    if (pos >= text.length) return final ? NONE : WAIT_OPENING;
    if (!isNameStart(text.charCodeAt(pos))) return NONE;
    let end = pos + 1;
    while (end < text.length && end - pos <= MAX_NAME && isNamePart(text.charCodeAt(end))) end++;
    const name = text.slice(pos, end);
    if (end - pos > MAX_NAME) return NONE;
    const plausible = anyName || this.tools.hasPrefix(name) || 'print'.startsWith(name);
    if (end >= text.length) return final || !plausible ? NONE : WAIT_OPENING;
    const paren = skipGap(text, end, false);
    if (paren >= text.length) return final || !plausible ? NONE : WAIT_OPENING;
    if (text[paren] !== '(') return NONE;
    if (name === 'print' && !this.tools.has(name))
      return this.callOpening(text, skipGap(text, paren + 1), final, anyName);
    return anyName || this.tools.has(name) ? { kind: 'region', end: paren, items: [] } : NONE;
  }

  /** `{"name": "<a tool>", "arguments": {...}}` (or a list of them from `[`): only when it names a known tool. */
  private bareJson(text: string, at: number, brace: number, final: boolean, fence: string | undefined): Outcome {
    if (!this.tools.listed) return NONE;
    let pos = skipGap(text, brace + 1);
    // Llama 3.1 opens with `"type": "function", ` before the name.
    const typed = matchAny(text, pos, [TYPE_FUNCTION]);
    if (typed === 'partial') return final ? NONE : WAIT_OPENING;
    if (typed === TYPE_FUNCTION) pos = skipGap(text, pos + TYPE_FUNCTION.length);
    const key = matchAny(text, pos, ['"name"', "'name'"]);
    if (key === 'partial') return final ? NONE : WAIT_OPENING;
    if (key === undefined) return NONE;
    pos = skipGap(text, pos + 6);
    if (pos >= text.length) return final ? NONE : WAIT_OPENING;
    if (text[pos] !== ':') return NONE;
    pos = skipGap(text, pos + 1);
    if (pos >= text.length) return final ? NONE : WAIT_OPENING;
    const quote = text[pos];
    if (quote !== '"' && quote !== "'") return NONE;
    const close = text.indexOf(quote, pos + 1);
    if (close < 0 || close - pos > MAX_NAME + 1) {
      const written = text.slice(pos + 1, pos + 2 + MAX_NAME);
      return close < 0 && !final && written.length <= MAX_NAME && this.tools.hasPrefix(written) ? WAIT_OPENING : NONE;
    }
    if (!this.tools.has(text.slice(pos + 1, close))) return NONE;
    const repair = fence === undefined ? 'bare-json' : undefined;
    return this.read(text, at, at, final, (reader, start) => this.jsonCalls(reader, start, repair));
  }

  /** `<tool_call>` (Hermes, Qwen), `<function=name>` and `<|python_tag|>` (Llama 3.x). */
  private tagged(text: string, at: number, final: boolean): Outcome {
    const opening = matchAny(text, at, TAG_OPENINGS);
    if (opening === 'partial') return final ? NONE : WAIT_OPENING;
    if (opening === OPEN_TAG) return this.taggedJson(text, at, final);
    if (opening === FUNCTION_TAG) return this.functionTag(text, at, final);
    if (opening === PYTHON_TAG) return this.pythonTag(text, at, final);
    return NONE;
  }

  /** `<|python_tag|>{"name": ..., "parameters": ...}` or `<|python_tag|>name(...)`. */
  private pythonTag(text: string, at: number, final: boolean): Outcome {
    const pos = skipGap(text, at + PYTHON_TAG.length);
    if (pos >= text.length) return final ? this.cutOff(text, at) : WAIT_FRAME;
    const char = text[pos];
    if (char === '[') {
      // Llama 3.2's pythonic list after the tag, or a JSON list of calls.
      const inner = skipGap(text, pos + 1);
      if (inner >= text.length && !final) return WAIT_FRAME;
      if (isNameStart(text.charCodeAt(inner)))
        return this.read(text, at, pos, final, (reader) => this.readPythonList(reader));
    }
    return this.read(text, at, pos, final, (reader, start) =>
      char === '{' || char === '[' ? this.jsonCalls(reader, start, 'other-format') : this.oneCall(reader),
    );
  }

  /** `<function=name>{...}</function>`. */
  private functionTag(text: string, at: number, final: boolean): Outcome {
    return this.read(text, at, at + FUNCTION_TAG.length, final, (reader) => readFunctionBody(reader, this.tools));
  }

  /** Mistral: `[TOOL_CALLS] [{"name": ..., "arguments": ...}]` or `[TOOL_CALLS]name[ARGS]{...}`. */
  private mistralCalls(text: string, at: number, final: boolean): Outcome {
    const pos = skipGap(text, at + MISTRAL_CALLS.length);
    if (pos >= text.length) return final ? this.cutOff(text, at) : WAIT_FRAME;
    const char = text[pos];
    return this.read(text, at, pos, final, (reader, start) =>
      char === '{' || char === '['
        ? this.jsonCalls(reader, start, 'other-format')
        : readMistralBody(reader, this.tools, (start, name) => this.callAfterName(reader, start, name)),
    );
  }

  /** `<tool_call>{"name": ..., "arguments": ...}</tool_call>`. */
  private taggedJson(text: string, at: number, final: boolean): Outcome {
    return this.read(
      text,
      at,
      at + OPEN_TAG.length,
      final,
      (reader, start) => this.taggedBody(reader, start),
      (error, errorAt) => {
        if (error instanceof Incomplete) {
          // A string may hold "</tool_call>" itself: only the whole reply says where a broken call ends.
          if (!final) return WAIT_FRAME;
          const closing = indexOfFolded(text, CLOSE_TAG, at);
          if (closing < 0) return this.cutOff(text, at);
          const why = 'the call ends before its JSON is complete';
          return this.brokenUntil(text, at, closing, closing + CLOSE_TAG.length, why);
        }
        const { base } = this.reads;
        const found = this.reads.brokenEnd(text, final, () => new LiteralEnd(base + errorAt, CLOSE_TAG));
        if (found === undefined) return WAIT_FRAME;
        const closing = found < 0 ? found : found - base;
        const end = closing < 0 ? text.length : closing + CLOSE_TAG.length;
        const why = `${error.message} (at character ${errorAt - at + 1} of the call)`;
        return this.brokenUntil(text, at, closing < 0 ? end : closing, end, why);
      },
    );
  }

  private *taggedBody(reader: LiteralReader, at: number): Reading<ReplyItem[]> {
    while (!reader.blank()) yield;
    let items: ReplyItem[];
    // Qwen3-Coder: `<tool_call>` around `<function=name>` and its XML parameters.
    if (reader.peek() === '<' && (yield* reader.lookingAt(FUNCTION_TAG)) === 'yes') {
      reader.pos += FUNCTION_TAG.length;
      items = yield* readFunctionBody(reader, this.tools);
      yield* reader.skipBlanks();
    } else {
      let value = reader.value();
      while (value === MORE) {
        yield;
        value = reader.value();
      }
      yield* reader.skipBlanks();
      items = this.tools.jsonCalls(value, reader, at, undefined);
    }
    const closing = yield* reader.lookingAt(CLOSE_TAG);
    if (closing === 'yes') reader.pos += CLOSE_TAG.length;
    // No closing tag: forgiven when the call itself is whole.
    else markRepair(items, 'unclosed-tag');
    return items;
  }

  /**
   * Reads a frame from `pos` (resumed where a stream's earlier scan left it); maps its failures to a cut-off (whole
   * reply) or a problem up to the line's end, or to `broken`.
   */
  private read(
    text: string,
    at: number,
    pos: number,
    final: boolean,
    body: FrameBody,
    broken?: (error: Incomplete | Unreadable, errorAt: number) => Outcome,
  ): Outcome {
    const ended = this.reads.run(text, at, pos, final, body);
    if (!ended) return WAIT_FRAME;
    const { base } = this.reads;
    if (ended.kind === 'items') {
      // A kept read's items are the stream's to shift and mark: it gets copies, placed in the scan's text.
      const items = this.reads.streaming
        ? ended.items.map((item) => ({ ...item, start: item.start - base, end: item.end - base }))
        : ended.items;
      return { kind: 'region', end: ended.end - base, items };
    }
    const { error } = ended;
    const errorAt = error.at - base;
    if (broken) return broken(error, errorAt);
    if (error instanceof Incomplete) return final ? this.cutOff(text, at) : WAIT_FRAME;
    const found = this.reads.brokenEnd(text, final, () => new BracketEnd(base + at, error.at));
    if (found === undefined) return WAIT_FRAME;
    const end = found - base;
    return this.brokenUntil(text, at, end, end, `${error.message} (at character ${errorAt - at + 1} of the call)`);
  }

  private brokenUntil(text: string, at: number, textEnd: number, end: number, why: string): Outcome {
    const item = problem('unparsable', text, at, textEnd, why);
    const name = writtenName(text.slice(at, textEnd));
    if (name) item.name = this.tools.resolve(name);
    return { kind: 'region', end, items: [item] };
  }

  private cutOff(text: string, at: number): Outcome {
    const item = problem('cut-off', text, at, text.length, 'the reply ends in the middle of this call');
    const name = writtenName(text.slice(at));
    if (name) item.name = this.tools.resolve(name);
    return { kind: 'region', end: text.length, items: [item] };
  }

  private *jsonCalls(reader: LiteralReader, at: number, repair: ParserRepair | undefined): Reading<ReplyItem[]> {
    let value = reader.value();
    while (value === MORE) {
      yield;
      value = reader.value();
    }
    return this.tools.jsonCalls(value, reader, at, repair);
  }

  private *oneCall(reader: LiteralReader): Reading<ReplyItem[]> {
    return [yield* this.readNamedCall(reader)];
  }

  private *readPythonList(reader: LiteralReader): Reading<ReplyItem[]> {
    while (!reader.blank()) yield;
    reader.take('[');
    const items: ReplyItem[] = [];
    for (;;) {
      while (!reader.blank()) yield;
      if (reader.peek() === ']') {
        reader.pos++;
        return items;
      }
      items.push(yield* this.readNamedCall(reader));
      while (!reader.blank()) yield;
      const next = reader.peek();
      if (next === ',') reader.pos++;
      else if (next === ']') {
        reader.pos++;
        return items;
      } else throw reader.unexpected('"," or "]"');
    }
  }

  /** `name(arguments)`, JSON object or Python keywords; Gemma's `print(...)` around a call is taken off. */
  private *readNamedCall(reader: LiteralReader, wrapped = false): Reading<ReplyItem> {
    while (!reader.blank()) yield;
    const start = reader.pos;
    return yield* this.callAfterName(reader, start, yield* readName(reader), wrapped);
  }

  /** The rest of a call whose name, from `start`, is read. */
  private *callAfterName(reader: LiteralReader, start: number, name: string, wrapped = false): Reading<ReplyItem> {
    reader.skipSpace();
    if (name === 'print' && !wrapped && !this.tools.has(name)) {
      while (!reader.blank()) yield;
      reader.take('(');
      const inner = yield* this.readNamedCall(reader, true);
      while (!reader.blank()) yield;
      reader.take(')');
      return withText([inner], reader, start, reader.pos)[0]!;
    }
    reader.repairs.clear();
    const args = yield* readArgumentList(reader, this.tools.parameters(name), name);
    return this.tools.callItem(name, args, start, reader.pos, reader, [...reader.repairs]);
  }
}
