import type { ServerResponse } from 'node:http';

/** Answers JSON (an API answer or `{ error: { message } }`). */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(text);
}

export function sendError(response: ServerResponse, status: number, message: string): void {
  sendJson(response, status, { error: { message } });
}

/** Pipes a web Response (the UI message stream) into the node response; a client that leaves cancels it. */
export async function sendWebResponse(response: ServerResponse, answer: Response): Promise<void> {
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.flushHeaders();
  const reader = answer.body!.getReader();
  const leave = () => void reader.cancel().catch(() => {});
  response.once('close', leave);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      response.write(value);
    }
  } finally {
    response.off('close', leave);
    response.end();
  }
}
