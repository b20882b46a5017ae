import type { ChildProcess } from 'node:child_process';
import process from 'node:process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import spawn from 'cross-spawn';
import { LineChannel } from './line-channel.js';

export interface ChildProcessOptions {
  command: string;
  args: string[];
  /** The child's whole environment. */
  env: Record<string, string>;
  cwd?: string;
  stderr: 'inherit' | 'ignore' | 'pipe';
  /** The most bytes of one line the child writes (one message). */
  maxMessageBytes: number;
}

/** How long close() waits for the child at each step: after its stdin ends, then after SIGTERM. */
const CLOSE_STEP_MS = 2_000;

/**
 * The client end of stdio, as the SDK's StdioClientTransport starts and ends the child (cross-spawn, no shell; close
 * ends its stdin, then SIGTERM, then SIGKILL), with each line it writes bounded in bytes as it arrives (LineChannel):
 * the SDK's reader holds a line whole, up to its own bound, and closes the connection past it.
 */
export class ChildProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #options: ChildProcessOptions;
  #child: ChildProcess | undefined;
  #channel: LineChannel | undefined;

  constructor(options: ChildProcessOptions) {
    this.#options = options;
  }

  start(): Promise<void> {
    if (this.#child) throw new Error('ChildProcessTransport already started');
    const options = this.#options;
    return new Promise((resolve, reject) => {
      const child = spawn(options.command, options.args, {
        env: options.env,
        stdio: ['pipe', 'pipe', options.stderr],
        shell: false,
        windowsHide: process.platform === 'win32',
        ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
      });
      this.#child = child;
      const channel = new LineChannel(child.stdin!, {
        maxBytes: options.maxMessageBytes,
        peer: 'server',
        option: "connectMcp's maxMessageBytes",
        errorCode: ErrorCode.InternalError,
        onmessage: (message) => this.onmessage?.(message),
        onerror: (error) => this.onerror?.(error),
      });
      this.#channel = channel;
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => resolve());
      child.on('close', () => {
        channel.end();
        if (this.#child === child) this.#child = undefined;
        this.onclose?.();
      });
      child.stdin!.on('error', (error) => this.onerror?.(error));
      child.stdout!.on('data', channel.push);
      child.stdout!.on('error', (error) => this.onerror?.(error));
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (!this.#child || !this.#channel) return Promise.reject(new Error('Not connected'));
    return this.#channel.send(message);
  }

  async close(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#child = undefined;
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const step = () =>
      Promise.race([closed, new Promise<void>((resolve) => setTimeout(resolve, CLOSE_STEP_MS).unref())]);
    child.stdin?.end();
    await step();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await step();
    }
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
