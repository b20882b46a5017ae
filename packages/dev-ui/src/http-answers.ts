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
