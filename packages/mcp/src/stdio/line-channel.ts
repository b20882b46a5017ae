import type { Writable } from 'node:stream';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { BoundedLines, type DroppedLine } from './bounded-lines.js';
import { idAtEdges, kindAtHead, type LineKind } from './line-shape.js';

export interface LineChannelOptions {
  maxBytes: number;
  /** Who writes the lines we read, and which option bounds them: for the error texts. */
  peer: 'server' | 'client';
  option: string;
  /** The code of the JSON-RPC error that fails a request the dropped line answers, or answers a request it held. */
  errorCode: number;
  onmessage: (message: JSONRPCMessage) => void;
  onerror: (error: Error) => void;
}

/** The line being dropped: what its start said, and whether the request it answers has been failed yet. */
interface Overflow {
  kind: LineKind;
  settled: boolean;
}

/**
 * JSON-RPC over newline-ended lines for either end of stdio, with every line bounded in bytes as it arrives
 * (BoundedLines). A line past the bound is dropped, and what it could be is settled: the request of ours it answers
 * fails with an error that names the bound (the one its id names; the only one pending; or, when its end names none
 * of ours, every request pending, since it could answer any of them), and a request it held is answered with that
 * error. Later lines are read as usual.
 */
export class LineChannel {
  readonly #options: LineChannelOptions;
  readonly #lines: BoundedLines;
  readonly #output: Writable;
  /** The ids of our requests not answered yet. */
  readonly #pending = new Set<RequestId>();
  #overflow: Overflow | undefined;
  #open = true;

  constructor(output: Writable, options: LineChannelOptions) {
    this.#output = output;
    this.#options = options;
    this.#lines = new BoundedLines(options.maxBytes, {
      line: (bytes) => this.#read(bytes),
      overflow: (head) => this.#overflowed(head),
      dropped: (line) => this.#dropped(line),
    });
  }

  /** Reads one chunk of the peer's output. */
  readonly push = (chunk: Buffer | string): void =>
    this.#lines.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));

  send(message: JSONRPCMessage): Promise<void> {
    if (!this.#open || this.#output.destroyed) return Promise.reject(new Error('Not connected'));
    if ('method' in message && 'id' in message) this.#pending.add(message.id);
    else if ('method' in message && message.method === 'notifications/cancelled') {
      // A cancelled request's answer is not awaited any more.
      const cancelled = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      if (cancelled !== undefined) this.#pending.delete(cancelled);
    }
    return this.#write(message);
  }

  /**
   * The peer's output ended: a line it was writing past the bound fails what it could answer first (a line within
   * the bound just ends unread; the transport's close fails what is pending).
   */
  end(): void {
    this.#open = false;
    const dropping = this.#lines.dropping;
    if (dropping) this.#dropped(dropping);
    this.#lines.clear();
    this.#pending.clear();
  }

  get #tooBig(): string {
    const { peer, maxBytes, option } = this.#options;
    return `the ${peer} sent a message of more than ${maxBytes} bytes (${option})`;
  }

  #read(bytes: Buffer): void {
    const text = bytes.toString('utf8').replace(/\r$/, '');
    if (text.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(text);
    } catch (error) {
      this.#options.onerror(error as Error);
      return;
    }
    if (!('method' in message) && 'id' in message && message.id !== undefined) this.#pending.delete(message.id);
    this.#options.onmessage(message);
  }

  #overflowed(head: string): void {
    this.#options.onerror(new Error(`${this.#tooBig}: it is dropped`));
    const kind = kindAtHead(head);
    const overflow: Overflow = { kind, settled: kind === 'message' };
    this.#overflow = overflow;
    if (kind === 'message') return; // A request is answered at its end, where its id usually is.
    const named = idAtEdges(head);
    if (named !== undefined && this.#pending.has(named)) this.#fail([named]);
    else if (kind === 'response' && this.#pending.size === 1) this.#fail([...this.#pending]);
    else return;
    overflow.settled = true;
  }

  #dropped(line: DroppedLine): void {
    const overflow = this.#overflow ?? { kind: kindAtHead(line.head), settled: false };
    this.#overflow = undefined;
    const id = idAtEdges(line.head, line.tail);
    if (overflow.kind === 'message') {
      if (id !== undefined && this.#open) void this.#write(this.#errorFor(id)).catch(() => {});
      return;
    }
    if (overflow.settled) return;
    if (id !== undefined && this.#pending.has(id)) this.#fail([id]);
    else if (id === undefined) this.#fail([...this.#pending]);
  }

  #fail(ids: RequestId[]): void {
    for (const id of ids) {
      this.#pending.delete(id);
      this.#options.onmessage(this.#errorFor(id));
    }
  }

  #errorFor(id: RequestId): JSONRPCMessage {
    return { jsonrpc: '2.0', id, error: { code: this.#options.errorCode, message: this.#tooBig } };
  }

  #write(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.#output.write(serializeMessage(message))) resolve();
      else this.#output.once('drain', resolve);
    });
  }
}
