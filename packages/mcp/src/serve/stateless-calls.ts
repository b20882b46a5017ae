import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

interface Call {
  readonly transport: Transport;
  /** Requests of the POST still unanswered; when the last is cancelled the POST's stream is ended. */
  readonly pending: Set<string>;
}

/**
 * The requests being served in stateless mode, so that a `notifications/cancelled` (which arrives in a POST of its
 * own, served by another server instance) reaches the call it names. With no session to say which client a request
 * id belongs to (every SDK client counts from 0), a call is matched by the principal `authorize` granted, the
 * client's address and the request id, and only when exactly one call matches. Calls in other processes behind a
 * load balancer are out of reach.
 */
export class StatelessCalls {
  readonly #calls = new Map<string, Call[]>();

  /**
   * Registers the requests of one POST (served on `transport`) and cancels the calls its cancellations name.
   * Returns the function to run when the POST's response closes.
   */
  track(client: string, messages: readonly unknown[], transport: Transport): () => void {
    for (const message of messages) if (isCancellation(message)) this.#cancel(client, message);
    const keys = messages.flatMap((message) => (isRequest(message) ? [keyOf(client, message.id)] : []));
    if (!keys.length) return () => {};
    const call: Call = { transport, pending: new Set(keys) };
    for (const key of keys) this.#calls.set(key, [...(this.#calls.get(key) ?? []), call]);
    return () => {
      for (const key of keys) {
        const left = this.#calls.get(key)?.filter((other) => other !== call) ?? [];
        if (left.length) this.#calls.set(key, left);
        else this.#calls.delete(key);
      }
    };
  }

  #cancel(client: string, notification: Cancellation): void {
    const key = keyOf(client, notification.params.requestId);
    const matches = this.#calls.get(key);
    if (matches?.length !== 1) return;
    const call = matches[0]!;
    // The server instance that runs the call aborts its handler (the tool's ToolContext.signal) with the reason.
    call.transport.onmessage?.(notification as JSONRPCMessage);
    call.pending.delete(key);
    // A cancelled request is never answered, so a POST with nothing left to answer is ended here.
    if (call.pending.size === 0) void call.transport.close().catch(() => {});
  }
}

interface Cancellation {
  jsonrpc: '2.0';
  method: 'notifications/cancelled';
  params: { requestId: string | number; reason?: string };
}

function isCancellation(message: unknown): message is Cancellation {
  if (typeof message !== 'object' || message === null) return false;
  const { method, params } = message as { method?: unknown; params?: { requestId?: unknown } };
  const id = params?.requestId;
  return method === 'notifications/cancelled' && (typeof id === 'string' || typeof id === 'number');
}

function isRequest(message: unknown): message is { id: string | number; method: string } {
  if (typeof message !== 'object' || message === null) return false;
  const { id, method } = message as { id?: unknown; method?: unknown };
  return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number');
}

/** JSON keeps the id 1 apart from the id "1". */
function keyOf(client: string, id: string | number): string {
  return `${client}\u0000${JSON.stringify(id)}`;
}
