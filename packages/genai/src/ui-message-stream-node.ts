import type { AgentStream } from './agent.js';
import { toUIMessageStreamResponse, type UIMessageStreamResponseOptions } from './ui-message-stream.js';

/** What `pipeUIMessageStreamToResponse` needs of Node's `http.ServerResponse` (Express's and Fastify's raw one). */
export interface NodeServerResponseLike {
  writeHead(status: number, headers: Record<string, string>): unknown;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  once(event: 'close' | 'drain', listener: () => void): unknown;
  off?(event: 'close' | 'drain', listener: () => void): unknown;
  readonly writableEnded?: boolean;
}

/**
 * Writes an Agent stream to a Node `http.ServerResponse` in the AI SDK's UI message stream protocol: for a plain
 * Node, Express or Fastify server, where a route cannot return a `Response`. Waits for the socket when it is full,
 * and aborts the run when the client goes away. Resolves when the response has ended.
 *
 * @example
 * ```ts
 * createServer(async (request, response) => {
 *   const { messages } = JSON.parse(await text(request));
 *   await pipeUIMessageStreamToResponse(agent.stream(fromUIMessages(messages)), response);
 * });
 * ```
 */
export async function pipeUIMessageStreamToResponse(
  stream: AgentStream,
  response: NodeServerResponseLike,
  options: UIMessageStreamResponseOptions = {},
): Promise<void> {
  const answer = toUIMessageStreamResponse(stream, options);
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  const reader = answer.body!.getReader();
  let gone = false;
  const onClose = () => {
    gone = true;
    // The client left: cancelling the body stops the run behind it.
    reader.cancel().catch(() => {});
  };
  response.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || gone) break;
      if (!response.write(value)) await drained(response);
    }
  } finally {
    response.off?.('close', onClose);
    if (!response.writableEnded) response.end();
  }
}

/** Resolves when a full socket takes writes again, or the client went away. */
function drained(response: NodeServerResponseLike): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off?.('drain', done);
      response.off?.('close', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
  });
}
