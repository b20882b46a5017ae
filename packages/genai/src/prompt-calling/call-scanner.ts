import { closestNames, GEMINI_MAX_TOOL_NAME_LENGTH } from '@toolwright/core';
import { readArgumentList } from './call-reader.js';
import { Incomplete, LiteralReader, Unreadable, type Repair } from './literal-reader.js';
import type { CallFormat, CallProblem, ParserRepair, ParserTool, ReplyItem } from './parsed-reply.js';

/** What the scanner found at a candidate position. */
type Outcome =
  | { kind: 'none' }
  /**
   * Not decidable yet (streaming): `confirmed` when it is surely a call, only its end is missing; `closer` when only
   * a closing character (CLOSERS) can decide it, so a stream need not look again before one arrives.
   */
  | { kind: 'wait'; confirmed: boolean; closer: boolean }
  | { kind: 'region'; end: number; items: ReplyItem[] };

export interface ScanSink {
  prose(from: number, to: number): void;
  item(item: ReplyItem): void;
}

export interface ScanStop {
  /** Everything before this index is decided (prose passed on, calls read). */
  stop: number;
  /** The undecided rest is surely a call (not prose that is held back). */
  confirmed: boolean;
  /** Only text with one of CLOSERS in it can decide the rest. */
  closer: boolean;
}

/** The characters that can end a call, or the line of a broken one. */
export const CLOSERS = /[)\]}>`\n]/;

const NONE: Outcome = { kind: 'none' };
const WAIT: Outcome = { kind: 'wait', confirmed: false, closer: false };
const WAIT_CALL: Outcome = { kind: 'wait', confirmed: true, closer: true };
const WAIT_NEXT: Outcome = { kind: 'wait', confirmed: true, closer: false };
const CANDIDATE = /```|tool_call:|<tool_call>|[[{]/gi;
const MARKERS = ['```', 'tool_call:', '<tool_call>'];
const MARKER_CHARS = '`tool_ca:<';
const TOOL_CALL = 'tool_call:';
const OPEN_TAG = '<tool_call>';
const CLOSE_TAG = '</tool_call>';
/** Longest identifier taken as a possible call name. */
const MAX_NAME = GEMINI_MAX_TOOL_NAME_LENGTH;
/** Spaces allowed inside a call's opening (`{  "name" :`), so that held-back prose stays bounded. */
const MAX_GAP = 16;
const MAX_FENCE_LANGUAGE = 20;
const BARE_CALL_FENCES = new Set(['tool_code', 'tool_call', 'tool_calls', 'python', 'py', '']);

function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

function isNamePart(code: number): boolean {
  return isNameStart(code) || (code >= 48 && code <= 57) || code === 46 || code === 58 || code === 45;
}

/** `literal` at `at`, case-insensitive: yes, no, or a prefix of it that ends the text. */
function match(text: string, at: number, literal: string): 'yes' | 'no' | 'partial' {
  for (let i = 0; i < literal.length; i++) {
    if (at + i >= text.length) return 'partial';
    if (text[at + i]!.toLowerCase() !== literal[i]) return 'no';
  }
  return 'yes';
}

function skipGap(text: string, at: number, newlines = true): number {
  let pos = at;
  while (pos < text.length && pos - at <= MAX_GAP) {
    const char = text[pos];
    if (char === ' ' || char === '\t' || (newlines && (char === '\n' || char === '\r'))) pos++;
    else break;
  }
  return pos;
}

function atLineStart(text: string, at: number): boolean {
  let pos = at - 1;
  while (pos >= 0 && (text[pos] === ' ' || text[pos] === '\t')) pos--;
  return pos < 0 || text[pos] === '\n';
}

/**
 * Finds calls in a model's text, in all three formats at once (a model asked for one often writes another), and
 * decides for every character whether it is prose or part of a call. With `final` false it stops where the text
 * does not decide yet, so a stream can hold back only that part.
 */
export class CallScanner {
  private readonly tools = new Map<string, ParserTool>();
  /** Inside a code block that holds no calls (its content is prose, code such as `[f(x) for x in xs]` included). */
  private inCodeBlock = false;

  constructor(
    tools: readonly (string | ParserTool)[] | undefined,
    readonly format: CallFormat,
  ) {
    for (const tool of tools ?? []) {
      const entry = typeof tool === 'string' ? { name: tool } : tool;
      this.tools.set(entry.name, entry);
    }
  }

  /** Whether a tool list was given: then unknown names are problems, and bare JSON must name a known tool. */
  private get knowsTools(): boolean {
    return this.tools.size > 0;
  }

  scan(text: string, from: number, final: boolean, sink: ScanSink): ScanStop {
    let pos = from;
    let proseStart = from;
    for (;;) {
      CANDIDATE.lastIndex = pos;
      const found = CANDIDATE.exec(text);
      if (!found) {
        const hold = final ? 0 : this.partialMarker(text, Math.max(pos, proseStart));
        const stop = text.length - hold;
        if (stop > proseStart) sink.prose(proseStart, stop);
        return { stop: Math.max(stop, proseStart), confirmed: false, closer: false };
      }
      const at = found.index;
      if (this.inCodeBlock && text[at] === '`') {
        this.inCodeBlock = false;
        pos = at + 3;
        continue;
      }
      const outcome = this.region(text, at, final, undefined);
      if (outcome.kind === 'none') {
        if (text[at] === '`') this.inCodeBlock = true;
        pos = at + (text[at] === '`' ? 3 : 1);
        continue;
      }
      if (outcome.kind === 'wait') {
        if (at > proseStart) sink.prose(proseStart, at);
        return { stop: at, confirmed: outcome.confirmed, closer: outcome.closer };
      }
      let end = outcome.end;
      // The line break after a call belongs to it; in a stream, wait to see whether one comes.
      if (end >= text.length && !final) {
        if (at > proseStart) sink.prose(proseStart, at);
        return { stop: at, confirmed: true, closer: false };
      }
      if (text[end] === '\n') end++;
      else if (text[end] === '\r' && text[end + 1] === '\n') end += 2;
      if (at > proseStart) sink.prose(proseStart, at);
      for (const item of outcome.items) sink.item(item);
      pos = proseStart = end;
    }
  }

  /** How many characters at the end of the text could begin a marker (`TOOL_C`, ``` `` ```, `<tool_`). */
  private partialMarker(text: string, from: number): number {
    if (!MARKER_CHARS.includes(text[text.length - 1]?.toLowerCase() ?? '')) return 0;
    const longest = Math.min(OPEN_TAG.length - 1, text.length - from);
    for (let length = longest; length > 0; length--) {
      const tail = text.slice(text.length - length).toLowerCase();
      if (MARKERS.some((marker) => marker.length > length && marker.startsWith(tail))) return length;
    }
    return 0;
  }

  private region(text: string, at: number, final: boolean, fence: string | undefined): Outcome {
    const char = text[at];
    if (char === '`') return fence === undefined ? this.fenced(text, at, final) : NONE;
    if (char === '[') return this.pythonList(text, at, final, fence);
    if (char === '{') return this.bareJson(text, at, final);
    if (char === '<') return this.taggedJson(text, at, final);
    const marker = match(text, at, TOOL_CALL);
    if (marker === 'yes') return this.toolCallLine(text, at, final);
    if (marker === 'partial') return final ? NONE : WAIT;
    if (fence !== undefined && BARE_CALL_FENCES.has(fence) && isNameStart(text.charCodeAt(at)))
      return this.bareCall(text, at, final, fence);
    return NONE;
  }

  /** ```` ```lang ```` whose content starts with a call: the whole block is calls. */
  private fenced(text: string, at: number, final: boolean): Outcome {
    let pos = at + 3;
    while (pos < text.length && /[A-Za-z0-9_+.-]/.test(text[pos]!)) pos++;
    const language = text.slice(at + 3, pos).toLowerCase();
    if (language.length > MAX_FENCE_LANGUAGE) return NONE;
    while (pos < text.length && (text[pos] === ' ' || text[pos] === '\t' || text[pos] === '\r')) pos++;
    if (pos >= text.length) return final ? NONE : WAIT;
    if (text[pos] !== '\n') return NONE;
    pos = skipGap(text, pos + 1);
    if (pos >= text.length) return final ? NONE : WAIT;
    const first = this.region(text, pos, final, language);
    if (first.kind !== 'region') return first;
    const items = [...first.items];
    pos = first.end;
    for (;;) {
      while (pos < text.length && /[\s,]/.test(text[pos]!)) pos++;
      if (pos >= text.length) {
        if (!final) return WAIT_NEXT;
        markRepair(items, 'unclosed-fence');
        return { kind: 'region', end: text.length, items };
      }
      const close = match(text, pos, '```');
      if (close === 'yes') return { kind: 'region', end: pos + 3, items };
      if (close === 'partial') return final ? { kind: 'region', end: text.length, items } : WAIT_NEXT;
      const next = this.region(text, pos, final, language);
      if (next.kind === 'wait') return next.confirmed ? next : WAIT_NEXT;
      if (next.kind === 'region') {
        items.push(...next.items);
        pos = next.end;
        continue;
      }
      // Something that is not a call inside a block of calls: the model gets told, up to the block's end.
      const closing = text.indexOf('```', pos);
      if (closing < 0 && !final) return WAIT_CALL;
      const end = closing < 0 ? text.length : closing;
      items.push(problem('unparsable', text, pos, end, 'text inside a block of calls that is not a call'));
      return { kind: 'region', end: closing < 0 ? end : end + 3, items };
    }
  }

  /** `TOOL_CALL: name({...})` (also `TOOL_CALL: {"name": ..., "arguments": ...}` and `TOOL_CALL: [name(...)]`). */
  private toolCallLine(text: string, at: number, final: boolean): Outcome {
    const pos = skipGap(text, at + TOOL_CALL.length, false);
    if (pos >= text.length) return final ? this.cutOff(text, at) : WAIT_CALL;
    const char = text[pos];
    return this.read(text, at, pos, final, (reader) => {
      if (char === '{') return this.jsonCalls(reader.value(), reader, at, 'other-format');
      if (char === '[') return this.readPythonList(reader);
      return [this.readNamedCall(reader)];
    });
  }

  /** `[name(a=1), other()]`. Any name at a line's start or in a block of calls; elsewhere only a tool's name. */
  private pythonList(text: string, at: number, final: boolean, fence: string | undefined): Outcome {
    const start = skipGap(text, at + 1);
    // Any name is taken where a call is expected; elsewhere (and in Python code blocks) only a tool's name, so that
    // code such as `[f(x) for x in xs]` stays prose.
    const anyName = this.inCodeBlock
      ? false
      : this.format === 'python'
        ? fence === undefined
          ? atLineStart(text, at)
          : fence !== 'python' && fence !== 'py'
        : fence === 'tool_code';
    const opening = this.nameThenParen(text, start, final, anyName);
    if (opening.kind !== 'region') return opening;
    return this.read(text, at, at, final, (reader) => this.readPythonList(reader));
  }

  /** A call without brackets (`name(a=1)`), taken only inside a block of calls. */
  private bareCall(text: string, at: number, final: boolean, fence: string): Outcome {
    const opening = this.nameThenParen(text, at, final, fence === 'tool_code');
    if (opening.kind !== 'region') return opening;
    return this.read(text, at, at, final, (reader) => [this.readNamedCall(reader)]);
  }

  /**
   * Whether `name(` starts at `pos`: a name of a known tool, or any name when `anyName`. A region (with no items)
   * means yes.
   */
  private nameThenParen(text: string, pos: number, final: boolean, anyName: boolean): Outcome {
    if (pos >= text.length) return final ? NONE : WAIT;
    if (!isNameStart(text.charCodeAt(pos))) return NONE;
    let end = pos + 1;
    while (end < text.length && isNamePart(text.charCodeAt(end))) end++;
    const name = text.slice(pos, end);
    if (end - pos > MAX_NAME) return NONE;
    const plausible = anyName || this.hasPrefix(name);
    if (end >= text.length) return final || !plausible ? NONE : WAIT;
    const paren = skipGap(text, end, false);
    if (paren >= text.length) return final || !plausible ? NONE : WAIT;
    if (text[paren] !== '(') return NONE;
    return anyName || this.tools.has(name) ? { kind: 'region', end: paren, items: [] } : NONE;
  }

  private hasPrefix(start: string): boolean {
    for (const name of this.tools.keys()) if (name.startsWith(start)) return true;
    return false;
  }

  /** `{"name": "<a tool>", "arguments": {...}}` on its own: taken only when the name is a known tool's. */
  private bareJson(text: string, at: number, final: boolean): Outcome {
    if (!this.knowsTools) return NONE;
    let pos = skipGap(text, at + 1);
    const key = match(text, pos, '"name"');
    if (key !== 'yes') return key === 'partial' && !final ? WAIT : NONE;
    pos = skipGap(text, pos + 6);
    if (pos >= text.length) return final ? NONE : WAIT;
    if (text[pos] !== ':') return NONE;
    pos = skipGap(text, pos + 1);
    if (pos >= text.length) return final ? NONE : WAIT;
    if (text[pos] !== '"') return NONE;
    const close = text.indexOf('"', pos + 1);
    if (close < 0) {
      const written = text.slice(pos + 1);
      return !final && written.length <= MAX_NAME && this.hasPrefix(written) ? WAIT : NONE;
    }
    if (!this.tools.has(text.slice(pos + 1, close))) return NONE;
    return this.read(text, at, at, final, (reader) => this.jsonCalls(reader.value(), reader, at, 'bare-json'));
  }

  /** `<tool_call>{"name": ..., "arguments": ...}</tool_call>` (Hermes, Qwen). */
  private taggedJson(text: string, at: number, final: boolean): Outcome {
    const opening = match(text, at, OPEN_TAG);
    if (opening !== 'yes') return opening === 'partial' && !final ? WAIT : NONE;
    const reader = new LiteralReader(text, at + OPEN_TAG.length);
    try {
      const value = reader.value();
      reader.skipSpace();
      const items = this.jsonCalls(value, reader, at, undefined);
      const closing = reader.atEnd ? 'partial' : match(text, reader.pos, CLOSE_TAG);
      if (closing === 'yes')
        return {
          kind: 'region',
          end: reader.pos + CLOSE_TAG.length,
          items: withText(items, text, at, reader.pos + CLOSE_TAG.length),
        };
      if (closing === 'partial' && !final) return WAIT_NEXT;
      // No closing tag: forgiven when the call itself is whole.
      markRepair(items, 'unclosed-tag');
      return { kind: 'region', end: reader.pos, items };
    } catch (error) {
      if (error instanceof Incomplete) {
        // A string may hold "</tool_call>" itself: only the whole reply says where a broken call ends.
        if (!final) return WAIT_CALL;
        const closing = text.toLowerCase().indexOf(CLOSE_TAG, at);
        if (closing < 0) return this.cutOff(text, at);
        return this.brokenUntil(
          text,
          at,
          closing,
          closing + CLOSE_TAG.length,
          'the call ends before its JSON is complete',
        );
      }
      if (!(error instanceof Unreadable)) throw error;
      const closing = text.toLowerCase().indexOf(CLOSE_TAG, error.at);
      if (closing < 0 && !final) return WAIT_CALL;
      const end = closing < 0 ? text.length : closing + CLOSE_TAG.length;
      return this.brokenUntil(
        text,
        at,
        closing < 0 ? end : closing,
        end,
        `${error.message} (at character ${error.at - at + 1} of the call)`,
      );
    }
  }

  /** Runs a reader from `pos`; maps its failures to a cut-off (whole reply) or a problem up to the line's end. */
  private read(
    text: string,
    at: number,
    pos: number,
    final: boolean,
    body: (reader: LiteralReader) => ReplyItem[],
  ): Outcome {
    const reader = new LiteralReader(text, pos);
    try {
      const items = body(reader);
      return { kind: 'region', end: reader.pos, items: withText(items, text, at, reader.pos) };
    } catch (error) {
      if (error instanceof Incomplete) return final ? this.cutOff(text, at) : WAIT_CALL;
      if (!(error instanceof Unreadable)) throw error;
      const end = brokenEnd(text, at, error.at, final);
      if (end === undefined) return WAIT_CALL;
      return this.brokenUntil(text, at, end, end, `${error.message} (at character ${error.at - at + 1} of the call)`);
    }
  }

  private brokenUntil(text: string, at: number, textEnd: number, end: number, why: string): Outcome {
    const item = problem('unparsable', text, at, textEnd, why);
    const name = writtenName(text.slice(at, textEnd));
    if (name) item.name = name;
    return { kind: 'region', end, items: [item] };
  }

  private cutOff(text: string, at: number): Outcome {
    const item = problem('cut-off', text, at, text.length, 'the reply ends in the middle of this call');
    const name = writtenName(text.slice(at));
    if (name) item.name = name;
    return { kind: 'region', end: text.length, items: [item] };
  }

  private readPythonList(reader: LiteralReader): ReplyItem[] {
    reader.expect('[');
    const items: ReplyItem[] = [];
    for (;;) {
      reader.skipSpace();
      if (reader.peek() === ']') {
        reader.pos++;
        return items;
      }
      items.push(this.readNamedCall(reader));
      reader.skipSpace();
      const next = reader.peek();
      if (next === ',') reader.pos++;
      else if (next === ']') {
        reader.pos++;
        return items;
      } else throw reader.unexpected('"," or "]"');
    }
  }

  /** `name(arguments)`, JSON object or Python keywords. */
  private readNamedCall(reader: LiteralReader): ReplyItem {
    reader.skipSpace();
    const start = reader.pos;
    const name = reader.name();
    const parameters = this.tools.get(name)?.parameters;
    reader.repairs.clear();
    reader.skipSpace();
    const args = readArgumentList(reader, parameters, name);
    return this.callItem(name, args, start, reader.pos, reader.text, [...reader.repairs]);
  }

  /** A `{name, arguments}` object, or a list of them. */
  private jsonCalls(value: unknown, reader: LiteralReader, at: number, repair: ParserRepair | undefined): ReplyItem[] {
    const repairs: Array<Repair | ParserRepair> = [...reader.repairs];
    if (repair) repairs.push(repair);
    const list = Array.isArray(value) ? value : [value];
    if (list.length === 0) return [problem('unparsable', reader.text, at, reader.pos, 'an empty list of calls')];
    return list.map((entry) => {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
        return problem(
          'not-an-object',
          reader.text,
          at,
          reader.pos,
          'a call must be an object {"name": ..., "arguments": {...}}',
        );
      }
      const call = entry as Record<string, unknown>;
      if (typeof call.name !== 'string' || call.name === '') {
        return problem('unparsable', reader.text, at, reader.pos, 'the call has no "name"');
      }
      let args: unknown =
        'arguments' in call ? call.arguments : 'parameters' in call ? call.parameters : 'args' in call ? call.args : {};
      const own = [...repairs];
      if (typeof args === 'string') {
        try {
          args = args.trim() === '' ? {} : JSON.parse(args);
          own.push('arguments-as-string');
        } catch {
          return problem(
            'unparsable',
            reader.text,
            at,
            reader.pos,
            '"arguments" is a string that is not JSON',
            call.name,
          );
        }
      }
      return this.callItem(call.name, args, at, reader.pos, reader.text, own);
    });
  }

  private callItem(
    name: string,
    args: unknown,
    start: number,
    end: number,
    text: string,
    repairs: Array<Repair | ParserRepair>,
  ): ReplyItem {
    if (this.knowsTools && !this.tools.has(name)) {
      const closest = closestNames(name, this.tools.keys());
      const hint = closest.length ? ` Did you mean ${closest.map((candidate) => `"${candidate}"`).join(' or ')}?` : '';
      const item = problem(
        'unknown-tool',
        text,
        start,
        end,
        `there is no tool named "${name}".${hint} Available tools: ${[...this.tools.keys()].join(', ')}`,
        name,
      );
      item.closest = closest;
      return item;
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      return problem(
        'not-an-object',
        text,
        start,
        end,
        `the arguments of "${name}" must be an object of named values`,
        name,
      );
    }
    return {
      kind: 'call',
      name,
      args: args as Record<string, unknown>,
      text: text.slice(start, end),
      start,
      end,
      repairs,
    };
  }
}

/**
 * Where a call that does not parse ends: at the end of the line where its brackets (counted from its start, strings
 * in double quotes left out) close again, at a blank line, or at the end of the text; at least the failing line.
 * Undefined: a stream must wait for more.
 */
function brokenEnd(text: string, at: number, errorAt: number, final: boolean): number | undefined {
  let depth = 0;
  let inString = false;
  for (let pos = at; pos < text.length; pos++) {
    const char = text[pos];
    if (inString) {
      if (char === '\\') pos++;
      else if (char === '"' || char === '\n') inString = false;
      if (char !== '\n') continue;
    }
    if (char === '"') inString = true;
    else if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') depth--;
    else if (char === '\n' && pos >= errorAt) {
      if (depth <= 0 || text[pos + 1] === '\n') return pos;
      if (pos + 1 >= text.length && !final) return undefined;
    }
  }
  return final ? text.length : undefined;
}

function problem(
  reason: CallProblem['reason'],
  text: string,
  start: number,
  end: number,
  message: string,
  name?: string,
): CallProblem {
  const item: CallProblem = { kind: 'problem', reason, message, text: text.slice(start, end), start, end };
  if (name !== undefined) item.name = name;
  return item;
}

/** Items read from one frame share its text: a single call covers the whole frame (tags and brackets included). */
function withText(items: ReplyItem[], text: string, start: number, end: number): ReplyItem[] {
  if (items.length !== 1) return items;
  const item = items[0]!;
  item.start = start;
  item.end = end;
  item.text = text.slice(item.start, end);
  return items;
}

function markRepair(items: ReplyItem[], repair: ParserRepair): void {
  for (const item of items) if (item.kind === 'call' && !item.repairs.includes(repair)) item.repairs.push(repair);
}

/** The name in a broken call's text, for the feedback (`TOOL_CALL: name(`, `[name(`, `"name": "x"`). */
function writtenName(text: string): string | undefined {
  const called = /^(?:tool_call:\s*|\[\s*)?([A-Za-z_][A-Za-z0-9_.:-]*)\s*\(/i.exec(text);
  if (called) return called[1];
  const named = /"name"\s*:\s*"([^"]{1,128})"/.exec(text);
  return named?.[1];
}
