import { reply, type Reply } from './replies.js';
import type { FakeRequest } from './request-view.js';

/** What a handler returns: a reply, or a string as shorthand for a text reply. */
export type ReplyLike = Reply | string;

/** Answers requests from code: gets the parsed request, returns a reply or a promise of one. */
export type Handler = (request: FakeRequest) => ReplyLike | Promise<ReplyLike>;

/** One script entry: a reply, a string (a text reply), or a function that makes the reply from the request. */
export type ScriptEntry = ReplyLike | Handler;

/** The script ran out: FakeGemini answers 500 with this message. */
export class ScriptExhaustedError extends Error {
  constructor(request: FakeRequest, length: number) {
    super(
      `FakeGemini: the script has no reply for request #${request.index} (turn ${request.turn}): it held ${length} ` +
        `repl${length === 1 ? 'y' : 'ies'}, all used. Add entries to the script, or pass a handler.`,
    );
    this.name = 'ScriptExhaustedError';
  }
}

/** The source of replies: the script's entries in order, then the handler (if any) once the script is used up. */
export class ReplySource {
  private readonly entries: ScriptEntry[];
  private cursor = 0;

  constructor(
    script: readonly ScriptEntry[] = [],
    private readonly handler?: Handler,
  ) {
    this.entries = [...script];
  }

  /** Script entries not used yet. */
  get pending(): number {
    return this.entries.length - this.cursor;
  }

  push(...entries: ScriptEntry[]): void {
    this.entries.push(...entries);
  }

  /**
   * Takes the next entry synchronously (so that concurrent requests get entries in arrival order), then resolves it.
   */
  async next(request: FakeRequest): Promise<Reply> {
    let source: ScriptEntry;
    let label: string;
    if (this.cursor < this.entries.length) {
      label = `script entry ${this.cursor}`;
      source = this.entries[this.cursor++]!;
    } else if (this.handler) {
      label = 'the handler';
      source = this.handler;
    } else {
      throw new ScriptExhaustedError(request, this.entries.length);
    }
    let produced: unknown;
    try {
      produced = typeof source === 'function' ? await source(request) : source;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`FakeGemini: ${label} failed for request #${request.index}: ${message}`, { cause: error });
    }
    return toReply(produced, label);
  }
}

function toReply(value: unknown, label: string): Reply {
  if (typeof value === 'string') return reply.text(value);
  if (
    typeof value === 'object' &&
    value !== null &&
    ['content', 'error', 'disconnect'].includes((value as Reply).kind)
  ) {
    return value as Reply;
  }
  throw new TypeError(
    `FakeGemini: ${label} produced ${JSON.stringify(value) ?? String(value)}, which is not a reply: ` +
      'use the reply builders (reply.text, reply.functionCall, reply.error, ...) or return a string.',
  );
}
