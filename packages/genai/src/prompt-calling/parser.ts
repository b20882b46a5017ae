import { CallScanner } from './call-scanner.js';
import { parsedReply, type CallFormat, type ParsedReply, type ParserTool, type ReplyItem } from './parsed-reply.js';

export interface CallParserOptions {
  /**
   * The tools the model may call: names, or `{ name, parameters }` with the parameter names in order (so that
   * `f("Boston")` becomes `{ city: "Boston" }`). With a list, a call of another name is a problem with the closest
   * names, and a bare JSON object is a call only when it names one of these tools.
   */
  tools?: readonly (string | ParserTool)[];
  /** The format the model was asked for. All three are read; this one decides where any name is taken. Default 'tool-call'. */
  format?: CallFormat;
}

/**
 * Splits a whole model reply into prose and calls. Pure: never throws for any text, and never guesses arguments
 * (a call that does not parse is a problem with a message for the model, not a call with `{}`).
 */
export function parseCalls(text: string, options: CallParserOptions = {}): ParsedReply {
  const scanner = new CallScanner(options.tools, options.format ?? 'tool-call');
  let prose = '';
  const items: ReplyItem[] = [];
  scanner.scan(text, 0, true, {
    prose: (from, to) => (prose += text.slice(from, to)),
    item: (item) => items.push(item),
  });
  return parsedReply(prose, items);
}

/**
 * The same parser for a reply that arrives in pieces. `push` returns the prose that is certain now; text that may
 * still become a call is held back only as long as it may (at most the length of the longest call opening), and a
 * call's own text is never returned. `end` returns the rest of the prose and the whole parse, equal to
 * `parseCalls` of the joined text.
 */
export class CallStreamParser {
  private readonly scanner: CallScanner;
  private text = '';
  private decided = 0;
  private prose = '';
  private readonly items: ReplyItem[] = [];
  private longestHold = 0;
  private ended = false;

  constructor(options: CallParserOptions = {}) {
    this.scanner = new CallScanner(options.tools, options.format ?? 'tool-call');
  }

  push(chunk: string): string {
    if (this.ended) throw new Error('CallStreamParser: push after end');
    this.text += chunk;
    const out = this.scan(false);
    return out;
  }

  end(): { prose: string; reply: ParsedReply } {
    this.ended = true;
    const prose = this.scan(true);
    return { prose, reply: parsedReply(this.prose, [...this.items]) };
  }

  /** Calls read so far. */
  get calls(): readonly ReplyItem[] {
    return this.items;
  }

  /** The most prose characters held back at once (text that could have been, but was not, a call opening). */
  get maxHeldBack(): number {
    return this.longestHold;
  }

  private scan(final: boolean): string {
    const { text } = this;
    let out = '';
    const stop = this.scanner.scan(text, this.decided, final, {
      prose: (from, to) => (out += text.slice(from, to)),
      item: (item) => this.items.push(item),
    });
    this.decided = stop.stop;
    if (!stop.confirmed) this.longestHold = Math.max(this.longestHold, text.length - stop.stop);
    this.prose += out;
    return out;
  }
}
