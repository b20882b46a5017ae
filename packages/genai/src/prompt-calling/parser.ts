import { CallScanner, type ScanSink } from './call-scanner.js';
import { FrameWatch } from './frame-watch.js';
import { parsedReply, type CallFormat, type ParsedReply, type ParserTool, type ReplyItem } from './parsed-reply.js';

export interface CallParserOptions {
  /**
   * The tools the model may call: names, or `{ name, parameters }` with the parameter names in order (so that
   * `f("Boston")` becomes `{ city: "Boston" }`). With a list, a call of another name is a problem with the closest
   * names, and a bare JSON object is a call only when it names one of these tools.
   */
  tools?: readonly (string | ParserTool)[];
  /**
   * The format the model was asked for. All three are read; this one decides where a call of any name (not only a
   * tool's) is taken. Default 'tool-call'.
   */
  format?: CallFormat;
}

/** Collects what a scan decides: prose into one string, items with their positions in the whole reply. */
class Collector implements ScanSink {
  text = '';
  out = '';
  /** Where `text` starts in the whole reply. */
  base = 0;
  readonly items: ReplyItem[] = [];

  prose(from: number, to: number): void {
    this.out += this.text.slice(from, to);
  }

  item(item: ReplyItem): void {
    if (this.base) {
      item.start += this.base;
      item.end += this.base;
    }
    this.items.push(item);
  }
}

/**
 * Splits a whole model reply into prose and calls. Pure: never throws for any text, and never guesses arguments
 * (a call that does not parse is a problem with a message for the model, not a call with `{}`).
 */
export function parseCalls(text: string, options: CallParserOptions = {}): ParsedReply {
  const collector = new Collector();
  collector.text = text;
  new CallScanner(options.tools, options.format ?? 'tool-call').scan(text, 0, true, collector);
  return parsedReply(collector.out, collector.items);
}

/**
 * The same parser for a reply that arrives in pieces. `push` returns the prose that is certain now; text that may
 * still become a call is held back only as long as it may (a short opening; or a call until the text after it
 * decides it), and a call's own text is never returned. `end` returns the rest of the prose and the whole parse,
 * equal to `parseCalls` of the joined text. The work over a whole reply is linear in its length, whatever the
 * pieces: while a call's text is open, each piece goes to its suspended read alone and is read once (see
 * FrameReads); other undecided text is scanned again only when its watch says it may be decided (see FrameWatch).
 */
export class CallStreamParser {
  private readonly scanner: CallScanner;
  private readonly collector = new Collector();
  private prose = '';
  private longestHold = 0;
  /** Set while the undecided rest is an open call frame that no read is suspended on. */
  private watch: FrameWatch | undefined;
  /**
   * Set while a frame's read is suspended: where the pieces given to it since start (they are not in the
   * collector's text; the read holds them).
   */
  private heldFrom: number | undefined;
  private ended = false;

  constructor(options: CallParserOptions = {}) {
    this.scanner = new CallScanner(options.tools, options.format ?? 'tool-call', true);
  }

  push(chunk: string): string {
    if (this.ended) throw new Error('CallStreamParser: push after end');
    if (this.heldFrom !== undefined) return this.scanner.feed(chunk) ? this.scan(false) : '';
    const { collector } = this;
    if (!this.watch && collector.text === '' && this.scanner.plainProse(chunk)) {
      collector.base += chunk.length;
      this.prose += chunk;
      return chunk;
    }
    collector.text += chunk;
    if (this.watch) {
      // The piece alone: reading the joined text would flatten it, a copy of the whole frame per piece.
      this.watch.feed(chunk, 0);
      if (!this.watch.shouldRead(collector.text.length)) return '';
    }
    return this.scan(false);
  }

  end(): { prose: string; reply: ParsedReply } {
    this.ended = true;
    const prose = this.scan(true);
    return { prose, reply: parsedReply(this.prose, [...this.collector.items]) };
  }

  /** Calls (and broken calls) read so far. */
  get items(): readonly ReplyItem[] {
    return this.collector.items;
  }

  /** The most prose characters held back at once (text that could have been, but was not yet known as, a call). */
  get maxHeldBack(): number {
    return this.longestHold;
  }

  private scan(final: boolean): string {
    const { collector } = this;
    const afterRead = this.scanner.readWhole;
    if (this.heldFrom !== undefined) {
      // The read holds the collector's text and what it was given since: its view of them is not a copy.
      collector.text = this.scanner.fedText(collector.base);
      this.heldFrom = undefined;
    }
    collector.out = '';
    const { stop, frame, span } = this.scanner.scan(collector.text, 0, final, collector, collector.base);
    if (!frame) this.longestHold = Math.max(this.longestHold, collector.text.length - stop);
    // Decided text is dropped: the scanner keeps what it needs of it (whether the rest starts a line).
    if (stop > 0) {
      collector.text = collector.text.slice(stop);
      collector.base += stop;
    }
    // The same frame still open keeps its watch (and what it allowed so far); a new one gets a new watch.
    if (!frame || final) this.watch = undefined;
    else if (this.scanner.reading) {
      this.watch = undefined;
      this.heldFrom = collector.base + collector.text.length;
    } else if (stop > 0 || !this.watch) {
      // After a read that just ended, the call is whole: only what follows it is followed.
      this.watch = new FrameWatch(collector.text, 0, afterRead ? collector.text.length : 0, span);
    }
    const out = collector.out;
    this.prose += out;
    return out;
  }
}
