import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LineChannel } from './line-channel.js';

/**
 * The server end of stdio, as the SDK's StdioServerTransport reads and writes it (close stops reading, and pauses
 * stdin when nothing else reads it), with each line the client writes bounded in bytes as it arrives (LineChannel):
 * a request past the bound is answered with an error that names it.
 */
export class BoundedStdioServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #stdin: Readable;
  readonly #channel: LineChannel;
  #started = false;

  constructor(stdin: Readable, stdout: Writable, maxMessageBytes: number) {
    this.#stdin = stdin;
    this.#channel = new LineChannel(stdout, {
      maxBytes: maxMessageBytes,
      peer: 'client',
      option: "serveMcp's maxMessageBytes",
      errorCode: ErrorCode.InvalidRequest,
      onmessage: (message) => this.onmessage?.(message),
      onerror: (error) => this.onerror?.(error),
    });
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error('BoundedStdioServerTransport already started');
    this.#started = true;
    this.#stdin.on('data', this.#channel.push);
    this.#stdin.on('error', this.#failed);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.#channel.send(message);
  }

  async close(): Promise<void> {
    this.#stdin.off('data', this.#channel.push);
    this.#stdin.off('error', this.#failed);
    if (this.#stdin.listenerCount('data') === 0) this.#stdin.pause();
    this.#channel.end();
    this.onclose?.();
  }

  readonly #failed = (error: Error): void => this.onerror?.(error);
}
