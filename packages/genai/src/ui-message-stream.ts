import type { AgentStream } from './agent.js';
import type { AgentEvent } from './events.js';
import type { StopReason } from './result.js';

/**
 * One chunk of the AI SDK's UI message stream protocol (the `ai` package's `UIMessageChunk`, the parts an Agent
 * run makes of it).
 */
export type UIMessageChunk =
  | { type: 'start'; messageId?: string }
  | { type: 'start-step' }
  | { type: 'finish-step' }
  | { type: 'text-start' | 'text-end' | 'reasoning-start' | 'reasoning-end'; id: string }
  | { type: 'text-delta' | 'reasoning-delta'; id: string; delta: string }
  | { type: 'tool-input-available'; toolCallId: string; toolName: string; input: unknown }
  | { type: 'tool-output-available'; toolCallId: string; output: unknown }
  | { type: 'tool-output-error'; toolCallId: string; errorText: string }
  | { type: 'error'; errorText: string }
  | { type: 'finish'; finishReason: 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'other' };

export interface UIMessageStreamOptions {
  /** The id of the assistant message the client builds (default: the run's id). */
  messageId?: string;
  /** Send thought summaries as reasoning parts. Default true. */
  sendReasoning?: boolean;
  /**
   * The text the client gets for a run's error. Default: the AgentError's message. Return a plain text to keep
   * server details (an upstream status, a stack) from the browser.
   */
  onError?: (error: unknown) => string;
}

export interface UIMessageStreamResponseOptions extends UIMessageStreamOptions {
  status?: number;
  /** Headers beside the protocol's own. */
  headers?: Record<string, string>;
}

const finishReasons: Partial<Record<StopReason, 'stop' | 'length' | 'content-filter' | 'other'>> = {
  stop: 'stop',
  max_tokens: 'length',
  safety: 'content-filter',
};

/**
 * An Agent stream as the AI SDK's UI message stream: text and reasoning parts, each call's input and output (or
 * error), one step per model turn, the run's error, and the finish. Cancelling the stream (a client that went
 * away) aborts the run.
 */
export function toUIMessageStream(
  stream: AgentStream,
  options: UIMessageStreamOptions = {},
): ReadableStream<UIMessageChunk> {
  const iterator = stream[Symbol.asyncIterator]();
  const writer = new ChunkWriter(options.messageId ?? stream.runId, options.sendReasoning !== false);
  return new ReadableStream<UIMessageChunk>({
    start(controller) {
      controller.enqueue({ type: 'start', messageId: writer.messageId });
    },
    // Reads events until one makes a chunk: a pull that enqueues nothing is not called again while the reader's
    // one read waits (a retry or a raw response event would stall the stream).
    async pull(controller) {
      for (;;) {
        if (await pullOnce(controller)) return;
      }
    },
    async cancel() {
      // Leaving the iteration aborts the run.
      await iterator.return?.();
    },
  });

  /** Reads one event; true when it enqueued a chunk or ended the stream. */
  async function pullOnce(controller: ReadableStreamDefaultController<UIMessageChunk>): Promise<boolean> {
    let next: IteratorResult<AgentEvent>;
    try {
      next = await iterator.next();
    } catch (error) {
      for (const chunk of writer.close()) controller.enqueue(chunk);
      const errorText = options.onError
        ? options.onError(error)
        : error instanceof Error
          ? error.message
          : String(error);
      controller.enqueue({ type: 'error', errorText });
      controller.enqueue({ type: 'finish', finishReason: 'error' });
      controller.close();
      return true;
    }
    if (next.done) {
      controller.close();
      return true;
    }
    const chunks = writer.write(next.value);
    for (const chunk of chunks) controller.enqueue(chunk);
    return chunks.length > 0;
  }
}

/**
 * An Agent stream answered as an HTTP response in the AI SDK's UI message stream protocol (server-sent events):
 * what a route handler returns for the AI SDK's `useChat`.
 */
export function toUIMessageStreamResponse(stream: AgentStream, options: UIMessageStreamResponseOptions = {}): Response {
  const encoder = new TextEncoder();
  const body = toUIMessageStream(stream, options).pipeThrough(
    new TransformStream<UIMessageChunk, Uint8Array>({
      transform(chunk, controller) {
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`));
      },
      flush(controller) {
        controller.enqueue(encoder.encode('data: [DONE]\n\n'));
      },
    }),
  );
  return new Response(body, {
    status: options.status ?? 200,
    headers: {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-vercel-ai-ui-message-stream': 'v1',
      'x-accel-buffering': 'no',
      ...options.headers,
    },
  });
}

/** Turns the Agent's events into chunks, keeping which text or reasoning part is open. */
class ChunkWriter {
  private open: { kind: 'text' | 'reasoning'; id: string } | undefined;
  private stepOpen = false;
  private parts = 0;

  constructor(
    readonly messageId: string,
    private readonly sendReasoning: boolean,
  ) {}

  write(event: AgentEvent): UIMessageChunk[] {
    const chunks: UIMessageChunk[] = [];
    switch (event.type) {
      case 'text':
      case 'thought': {
        if (event.type === 'thought' && !this.sendReasoning) break;
        const kind = event.type === 'text' ? 'text' : 'reasoning';
        this.startStep(chunks);
        if (this.open?.kind !== kind) {
          this.closePart(chunks);
          this.open = { kind, id: `${this.messageId}-${++this.parts}` };
          chunks.push({ type: `${kind}-start`, id: this.open.id });
        }
        chunks.push({ type: `${kind}-delta`, id: this.open.id, delta: event.text });
        break;
      }
      case 'tool_call':
        this.startStep(chunks);
        this.closePart(chunks);
        chunks.push({
          type: 'tool-input-available',
          toolCallId: event.callId,
          toolName: event.name,
          input: event.args,
        });
        break;
      case 'tool_result':
        chunks.push(
          event.ok
            ? { type: 'tool-output-available', toolCallId: event.callId, output: outputOf(event.response) }
            : { type: 'tool-output-error', toolCallId: event.callId, errorText: errorTextOf(event.response) },
        );
        break;
      case 'turn_end':
        this.startStep(chunks);
        this.closePart(chunks);
        chunks.push({ type: 'finish-step' });
        this.stepOpen = false;
        break;
      case 'done':
        chunks.push(...this.close(), {
          type: 'finish',
          finishReason: finishReasons[event.result.stopReason] ?? 'other',
        });
        break;
    }
    return chunks;
  }

  /** What ends the open part and step (before an error). */
  close(): UIMessageChunk[] {
    const chunks: UIMessageChunk[] = [];
    this.closePart(chunks);
    if (this.stepOpen) chunks.push({ type: 'finish-step' });
    this.stepOpen = false;
    return chunks;
  }

  private startStep(chunks: UIMessageChunk[]): void {
    if (this.stepOpen) return;
    this.stepOpen = true;
    chunks.push({ type: 'start-step' });
  }

  private closePart(chunks: UIMessageChunk[]): void {
    if (!this.open) return;
    chunks.push({ type: `${this.open.kind}-end`, id: this.open.id });
    this.open = undefined;
  }
}

/** A tool's answer as the client shows it: the output itself (`{ output }` unwrapped), else the whole response. */
function outputOf(response: unknown): unknown {
  const record = response as Record<string, unknown> | null;
  return record && typeof record === 'object' && Object.keys(record).length === 1 && 'output' in record
    ? record.output
    : response;
}

function errorTextOf(response: unknown): string {
  const error = (response as { error?: { message?: unknown; name?: unknown } } | null)?.error;
  if (typeof error?.message === 'string') return error.message;
  return typeof error?.name === 'string' ? error.name : 'The tool failed';
}
