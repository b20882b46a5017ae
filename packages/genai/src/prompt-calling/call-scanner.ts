import { CALLS_ONLY_FENCES, CallFrames, END_TOKENS, type Outcome } from './call-frames.js';
import { KnownTools } from './known-tools.js';
import type { CallFormat, ParserTool, ReplyItem } from './parsed-reply.js';
import { markRepair } from './reply-items.js';
import { indexOfFolded, match, matchAny, MAX_GAP, partialSuffix, skipBlanks, skipGap } from './text-cursor.js';

export interface ScanSink {
  prose(from: number, to: number): void;
  item(item: ReplyItem): void;
}

export interface ScanStop {
  /** Everything before this index is decided (prose passed on, calls read). */
  stop: number;
  /** The undecided rest is a call frame that may run long (a stream waits for its end), not a short opening. */
  frame: boolean;
  /** The frame is inline code: only a backtick or a line break can decide it. */
  span?: boolean;
}

/**
 * Where the scan stands. Text inside reasoning, an HTML comment, a block of code or text, or after results the model
 * made up itself is prose whatever it holds.
 */
type Context =
  | { kind: 'open' }
  | { kind: 'until'; close: string }
  | { kind: 'fence'; char: string; length: number }
  /** A block of calls: each line is calls (or a broken call); `items` are the block's, for a repair at its end. */
  | { kind: 'calls'; language: string; items: ReplyItem[] }
  | { kind: 'made-up' };

const OPEN: Context = { kind: 'open' };
const MADE_UP: Context = { kind: 'made-up' };
/** Reasoning blocks, read for no calls; right after one closes, a call may stand. */
const REASONING: Record<string, string> = {
  '<think>': '</think>',
  '<thinking>': '</thinking>',
  '<reasoning>': '</reasoning>',
  '<thought>': '</thought>',
};
/** Elements that quote (a page, an email, an example), read for no calls. */
const QUOTING: Record<string, string> = {
  '<quote>': '</quote>',
  '<blockquote>': '</blockquote>',
  '<q>': '</q>',
  '<example>': '</example>',
  '<document>': '</document>',
};
const ELEMENTS: Record<string, string> = { ...REASONING, ...QUOTING };
const REASONING_CLOSES = new Set(Object.values(REASONING));
const COMMENT = '<!--';
/**
 * Turns the model writes for another role (Llama's `<|start_header_id|>ipython`, Gemma's `<start_of_turn>user`,
 * ChatML's `<|im_start|>tool`): it should have stopped, and what follows is a conversation it makes up. These
 * tokens end its act wherever they stand outside a quote.
 */
const TURN_OPENINGS = ['<|start_header_id|>', '<start_of_turn>', '<|im_start|>'];
/**
 * The end-of-turn tokens that are nothing else (END_TOKENS less `</s>`, which closes a struck-through span in HTML):
 * the model's turn is over, so what it writes after one is made up, wherever they stand outside a quote.
 */
const TURN_ENDS = END_TOKENS.filter((token) => token !== '</s>');
/** Tokens that end the model's act wherever they stand outside a quote. */
const TURN_MARKS = [...TURN_OPENINGS, ...TURN_ENDS];
/** Openings of text that is never read for calls, wherever on a line they stand. */
const QUOTE_OPENINGS = [COMMENT, ...Object.keys(ELEMENTS), ...TURN_MARKS];
const LONGEST_OPENING = Math.max(...QUOTE_OPENINGS.map((opening) => opening.length));
const COMMENT_CLOSE = '-->';
/**
 * A result the model writes itself (it should stop and wait for it), another role's turn, or the end of its own turn:
 * what follows is made up. At a line's start, or after the calls on a line.
 */
const RESULT_MARKERS = [
  'tool_result[',
  '<tool_response>',
  '```tool_output',
  '```tool_result',
  '```tool_response',
  '[tool_results]',
  '[inst]',
  ...TURN_OPENINGS,
  ...END_TOKENS,
];
/**
 * Where a line's prose may change course: its end, inline code, or a `<` that opens an HTML comment, reasoning or a
 * quoting element (QUOTE_OPENINGS).
 */
const LINE_STOP = /[\n`<]/g;
/** The characters at which mid-line prose may change course (LINE_STOP's first characters but `<`, told apart). */
const PLAIN_STOP = /[\n`]/;
/** What may end inline code: the same run of backticks, or a blank line (the paragraph's end). */
const SPAN_STOP = /`+|\n[ \t]*\n/g;
/** Inline code is looked for this far; a run of backticks not closed within is literal. */
const MAX_SPAN = 4096;
/** Longest fence marker read; a longer run of backticks is the opening of a block of text. */
const MAX_FENCE = 64;
/** More indentation than this makes a line an indented code block (Markdown): prose. */
const MAX_INDENT = 3;

/**
 * Finds the model's own calls in its text and decides for every character whether it is prose or part of a call.
 *
 * The rule for where a call may stand: a call counts only where it is the model's act, that is
 * - it starts a line (after at most three spaces of indentation), or stands in a fenced block meant for calls
 *   (```` ```tool_code ````, ```` ```tool_call ````, ```` ```json ````, ```` ```python ````, or no language) whose
 *   content starts with a call;
 * - it fills its line: after it only blanks, another call, or an end-of-turn token, up to the line's end;
 * - it is not inside reasoning (`<think>` ... `</think>` and the like), a quoting element (`<quote>`, `<example>`,
 *   ...), an HTML comment, a blockquote (`>`), a fence
 *   of any other language (`text`, `bash`, ...), inline code or quotes (those never start a line with a call), nor
 *   after a result the model wrote itself (`TOOL_RESULT[`, `<tool_response>`, ```` ```tool_output ````), a turn
 *   it wrote for another role (`<|start_header_id|>`, `<start_of_turn>`, `<|im_start|>`, `[INST]`), or the end of
 *   its own turn (`<|eot_id|>`, `<|eom_id|>`, `<end_of_turn>`, `<|im_end|>`, and `</s>` after calls or at a line's
 *   start).
 * Anything else that looks like a call is prose: quoted, mentioned, refused or explained calls stay text.
 *
 * With `final` false it stops where the text does not decide yet, so a stream holds back only that part; the state
 * it keeps between scans is that of decided text only.
 */
export class CallScanner {
  private readonly frames: CallFrames;
  private context: Context = OPEN;
  /** Whether the next undecided character starts a line. */
  private lineStart = true;

  /** `streaming`: the text comes in pieces, and reads of call frames are kept between scans (see FrameReads). */
  constructor(tools: readonly (string | ParserTool)[] | undefined, format: CallFormat, streaming = false) {
    this.frames = new CallFrames(new KnownTools(tools), format, streaming);
  }

  /** Whether the last scan waits on a frame's read: then the stream's next pieces go to it alone (`feed`). */
  get reading(): boolean {
    return this.frames.reads.suspended !== undefined;
  }

  /** The next piece, for the frame being read: whether its read has ended (then scan again). */
  feed(piece: string): boolean {
    return this.frames.reads.feed(piece);
  }

  /** Whether the frame being read has been read whole (not cut off, not broken). */
  get readWhole(): boolean {
    return this.frames.reads.suspended?.ended?.kind === 'items';
  }

  /** The text given to the frame being read, from `from` (a whole-reply position) on. */
  fedText(from: number): string {
    return this.frames.reads.text(from);
  }

  /**
   * Whether `chunk`, coming after fully decided text, is prose as a whole and leaves the scan where it is: a stream
   * then passes it on without a scan (most of a reply is such prose, often one token at a time).
   */
  plainProse(chunk: string): boolean {
    if (this.lineStart) return false;
    const context = this.context;
    if (context.kind === 'made-up') return true;
    if (context.kind === 'until') return !chunk.includes(context.close[0]!);
    if (context.kind === 'fence') return !chunk.includes('\n');
    if (context.kind === 'calls') return false;
    if (PLAIN_STOP.test(chunk)) return false;
    // A `<` that opens nothing (`<b>`, `a < b`) leaves the scan where it is.
    for (let at = chunk.indexOf('<'); at >= 0; at = chunk.indexOf('<', at + 1))
      if (matchAny(chunk, at, QUOTE_OPENINGS) !== undefined) return false;
    return true;
  }

  /** Scans `text` (whose first character is at `base` in the whole reply) from `from`. */
  scan(text: string, from: number, final: boolean, sink: ScanSink, base = 0): ScanStop {
    const { reads } = this.frames;
    reads.forget(base);
    reads.base = base;
    reads.suspended = undefined;
    let pos = from;
    let proseStart = from;
    for (;;) {
      if (pos >= text.length) return stopAt(sink, proseStart, text.length, false);
      const context = this.context;
      if (context.kind === 'made-up') {
        pos = text.length;
        continue;
      }
      if (context.kind === 'until') {
        const close = indexOfFolded(text, context.close, pos);
        if (close < 0) {
          if (final) pos = text.length;
          else return stopAt(sink, proseStart, text.length - partialSuffix(text, pos, context.close), false);
          continue;
        }
        // Right after a reasoning block (`</think>`) a call may stand, as at a line's start.
        pos = close + context.close.length;
        this.context = OPEN;
        this.lineStart = REASONING_CLOSES.has(context.close) || this.lineStart;
        continue;
      }
      if (context.kind === 'calls') {
        const read = this.blockLine(text, pos, final, context);
        if (read.kind === 'wait') return stopAt(sink, proseStart, pos, read.frame);
        if (pos > proseStart) sink.prose(proseStart, pos);
        for (const item of read.items) sink.item(item);
        pos = proseStart = read.end;
        this.lineStart = true;
        continue;
      }
      if (!this.lineStart) {
        const next = this.restOfLine(text, pos, final);
        if (typeof next !== 'number') return stopAt(sink, proseStart, next.at, next.frame, next.span);
        pos = next;
        continue;
      }
      if (context.kind === 'fence') {
        const closing = this.fenceClosing(text, pos, final, context);
        if (closing === 'wait') return stopAt(sink, proseStart, pos, false);
        if (closing !== 'no') {
          this.context = OPEN;
          pos = closing;
        }
        this.lineStart = false;
        continue;
      }
      const decided = this.lineOpening(text, pos, final);
      if (decided.kind === 'wait') return stopAt(sink, proseStart, pos, decided.frame);
      if (decided.kind === 'prose') {
        this.lineStart = false;
        continue;
      }
      if (decided.kind === 'enter') {
        this.context = decided.context;
        this.lineStart = false;
        pos = decided.end;
        continue;
      }
      if (pos > proseStart) sink.prose(proseStart, pos);
      for (const item of decided.items) sink.item(item);
      pos = proseStart = decided.end;
      this.lineStart = true;
      if (decided.context) this.context = decided.context;
    }
  }

  /**
   * Mid-line: to the next line, past inline code (which may span lines: what it holds is quoted), or into an HTML
   * comment. A number is where the scan goes on; otherwise the text does not decide yet, from `at` on.
   */
  private restOfLine(
    text: string,
    pos: number,
    final: boolean,
  ): number | { at: number; frame: boolean; span?: boolean } {
    if (this.context.kind === 'fence') {
      const newline = text.indexOf('\n', pos);
      if (newline < 0) return final ? text.length : { at: text.length, frame: false };
      this.lineStart = true;
      return newline + 1;
    }
    let at = pos;
    for (; ; at++) {
      LINE_STOP.lastIndex = at;
      if (!LINE_STOP.test(text))
        return final ? text.length : { at: text.length - heldOpening(text, pos), frame: false };
      at = LINE_STOP.lastIndex - 1;
      if (text[at] !== '<') break;
      const opening = matchAny(text, at, QUOTE_OPENINGS);
      if (opening !== undefined && opening !== 'partial') {
        this.context = TURN_MARKS.includes(opening)
          ? MADE_UP
          : { kind: 'until', close: opening === COMMENT ? COMMENT_CLOSE : ELEMENTS[opening]! };
        return at + opening.length;
      }
    }
    if (text[at] === '\n') {
      this.lineStart = true;
      return at + 1;
    }
    let after = at + 1;
    while (text[after] === '`') after++;
    if (after >= text.length && !final) return { at, frame: false };
    const close = codeSpanEnd(text, after, after - at, final);
    if (close === undefined) return { at, frame: true, span: true };
    return close < 0 ? after : close;
  }

  /** At a line's start inside a block of code or text: where its closing fence ends, if this line is one. */
  private fenceClosing(
    text: string,
    at: number,
    final: boolean,
    fence: { char: string; length: number },
  ): number | 'no' | 'wait' {
    let pos = at;
    while (pos < text.length && pos - at < MAX_INDENT && text[pos] === ' ') pos++;
    const run = pos;
    while (pos < text.length && pos - run <= MAX_FENCE && text[pos] === fence.char) pos++;
    if (pos - run > MAX_FENCE) return 'no';
    const blanks = skipGap(text, pos, false);
    const closes = pos - run >= fence.length;
    if (blanks >= text.length) return final ? (closes ? blanks : 'no') : 'wait';
    return closes && (text[blanks] === '\n' || text[blanks] === '\r') ? blanks : 'no';
  }

  /** At a line's start outside any block: what the line is. */
  private lineOpening(
    text: string,
    lineAt: number,
    final: boolean,
  ):
    | { kind: 'wait'; frame: boolean }
    | { kind: 'prose' }
    | { kind: 'enter'; context: Context; end: number }
    | { kind: 'calls'; end: number; items: ReplyItem[]; context?: Context } {
    let at = lineAt;
    while (at < text.length && at - lineAt <= MAX_INDENT && text[at] === ' ') at++;
    if (at >= text.length) return final ? { kind: 'prose' } : { kind: 'wait', frame: false };
    if (at - lineAt > MAX_INDENT || text[at] === '\t') return { kind: 'prose' };
    const char = text[at];
    if (char === '>' || char === '\n') return { kind: 'prose' };
    if (char === '<' || char === '`' || char === 't' || char === 'T' || char === '[') {
      const marker = matchAny(text, at, RESULT_MARKERS);
      if (marker === 'partial' && !final) return { kind: 'wait', frame: false };
      if (marker !== undefined && marker !== 'partial') return { kind: 'enter', context: MADE_UP, end: at };
    }
    if (char === '`' || char === '~') return this.fenceOpening(text, at, final);
    return this.calls(text, final, this.frames.region(text, at, final, undefined));
  }

  /** A fence at a line's start: a block of calls, or a block of code or text (all prose). */
  private fenceOpening(text: string, at: number, final: boolean) {
    const char = text[at]!;
    let pos = at;
    while (pos < text.length && pos - at < MAX_FENCE && text[pos] === char) pos++;
    const length = pos - at;
    if (pos >= text.length && length < MAX_FENCE && !final) return { kind: 'wait' as const, frame: false };
    if (length < 3) return { kind: 'prose' as const };
    if (char === '`' && length === 3) {
      const calls = this.callBlockOpening(text, at, final);
      if (calls) return calls;
    }
    return { kind: 'enter' as const, context: { kind: 'fence' as const, char, length }, end: pos };
  }

  /**
   * A block of calls: its first line is calls (then each later line is read as it comes), or, in a block only for
   * calls, something else (answered as a broken call). Undefined: a block of code or text.
   */
  private callBlockOpening(text: string, at: number, final: boolean) {
    const head = this.frames.fenceHead(text, at, final);
    if ('kind' in head) return head.kind === 'wait' ? head : undefined;
    const first = this.frames.fenceLine(text, head.content, final, head.language);
    if (first.kind === 'wait') return first;
    if (first.kind === 'region' && first.items.length) {
      const context: Context = { kind: 'calls', language: head.language, items: [...first.items] };
      return { kind: 'calls' as const, end: first.end, items: first.items, context };
    }
    if (!CALLS_ONLY_FENCES.has(head.language)) return undefined;
    const closing = this.frames.fenceClose(text, head.content, final);
    if (closing === undefined) return { kind: 'wait' as const, frame: false };
    if (closing !== false) return undefined;
    const broken = this.frames.notACall(text, head.content, final, []);
    if (broken.kind === 'wait') return broken;
    return broken.kind === 'region' ? { kind: 'calls' as const, end: broken.end, items: broken.items } : undefined;
  }

  /** In a block of calls: the blanks between lines, its closing fence, or its next line of calls. */
  private blockLine(
    text: string,
    pos: number,
    final: boolean,
    block: { language: string; items: ReplyItem[] },
  ): { kind: 'wait'; frame: boolean } | { kind: 'read'; end: number; items: ReplyItem[] } {
    let at = pos;
    while (at < text.length && (text[at] === ',' || /\s/.test(text[at]!))) at++;
    if (at >= text.length && final) {
      markRepair(block.items, 'unclosed-fence');
      this.context = OPEN;
    }
    if (at > pos || at >= text.length) return { kind: 'read', end: at, items: [] };
    const closing = this.frames.fenceClose(text, at, final);
    if (closing === undefined) return { kind: 'wait', frame: false };
    if (closing !== false) {
      if (match(text, at, '```') !== 'yes') markRepair(block.items, 'unclosed-fence');
      this.context = OPEN;
      return { kind: 'read', end: closing, items: [] };
    }
    const line = this.frames.fenceLine(text, at, final, block.language);
    if (line.kind === 'wait') return line;
    if (line.kind === 'region') {
      block.items.push(...line.items);
      return { kind: 'read', end: line.end, items: line.items };
    }
    const broken = this.frames.notACall(text, at, final, []);
    if (broken.kind !== 'region') return { kind: 'wait', frame: true };
    this.context = OPEN;
    return { kind: 'read', end: broken.end, items: broken.items };
  }

  /** A frame read at a line's start counts only if it fills its line: after it, blanks, more calls, or its end. */
  private calls(text: string, final: boolean, outcome: Outcome) {
    if (outcome.kind === 'none') return { kind: 'prose' as const };
    if (outcome.kind === 'wait') return outcome;
    const items = [...outcome.items];
    let end = outcome.end;
    for (;;) {
      let pos = skipBlanks(text, end);
      if (pos >= text.length)
        return final ? { kind: 'calls' as const, end: pos, items } : { kind: 'wait' as const, frame: true };
      if (text[pos] === '\n') return { kind: 'calls' as const, end: pos + 1, items };
      const madeUp = matchAny(text, pos, RESULT_MARKERS);
      if (madeUp === 'partial' && !final) return { kind: 'wait' as const, frame: true };
      // The model ends its turn, or goes on to write the result or the next turn itself: its calls so far stand, the
      // rest is made up.
      if (madeUp !== undefined && madeUp !== 'partial')
        return { kind: 'calls' as const, end: pos, items, context: MADE_UP };
      if (madeUp === 'partial' && matchAny(text, pos, END_TOKENS) === 'partial') return { kind: 'prose' as const };
      // Llama 3.1 separates the calls on a line with `;`.
      const separated = text[pos] === ';';
      if (separated) pos = skipBlanks(text, pos + 1);
      if (pos - end > MAX_GAP) return { kind: 'prose' as const };
      if (separated && pos >= text.length)
        return final ? { kind: 'prose' as const } : { kind: 'wait' as const, frame: true };
      const next = this.frames.region(text, pos, final, undefined);
      if (next.kind === 'wait') return { kind: 'wait' as const, frame: true };
      if (next.kind === 'none' || next.items.length === 0) return { kind: 'prose' as const };
      items.push(...next.items);
      end = next.end;
    }
  }
}

/** The scan stops at `at`: what it read before is prose, and the rest waits (see ScanStop). */
function stopAt(sink: ScanSink, proseStart: number, at: number, frame: boolean, span?: boolean): ScanStop {
  if (at > proseStart) sink.prose(proseStart, at);
  return span ? { stop: at, frame, span } : { stop: at, frame };
}

/** How many characters at the text's end could begin a comment or a reasoning block: a stream holds them back. */
function heldOpening(text: string, from: number): number {
  // Every opening starts with `<`, and none is longer than LONGEST_OPENING: only the text's last few characters are
  // looked at (a search back from the end would cross all the prose held before them).
  if (text.indexOf('<', Math.max(from, text.length - LONGEST_OPENING)) < 0) return 0;
  let held = 0;
  for (const opening of QUOTE_OPENINGS) held = Math.max(held, partialSuffix(text, from, opening));
  return held;
}

/**
 * The end of inline code opened by a run of `length` backticks before `from` (CommonMark: the next run of exactly
 * that length in the same paragraph). -1: not inline code, the backticks are literal; undefined: not known yet.
 */
function codeSpanEnd(text: string, from: number, length: number, final: boolean): number | undefined {
  const limit = from + MAX_SPAN;
  let pos = from;
  for (;;) {
    SPAN_STOP.lastIndex = pos;
    const found = SPAN_STOP.exec(text);
    if (!found || found.index >= limit) return final || text.length >= limit ? -1 : undefined;
    if (found[0][0] === '\n') return -1;
    const end = found.index + found[0].length;
    if (end >= text.length && !final) return undefined;
    if (found[0].length === length) return end;
    pos = end;
  }
}
