// The page's side of the API: JSON requests, and the chat's UI message stream read from a POST.
import type { ApiError } from '../src/api-types.js';

export async function getJson<T>(path: string): Promise<T> {
  return answerOf<T>(await fetch(path, { headers: { accept: 'application/json' } }));
}

export async function postJson<T>(path: string, body: unknown): Promise<T> {
  return answerOf<T>(await fetch(path, post(body)));
}

async function answerOf<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => undefined)) as T | ApiError | undefined;
  if (!response.ok) {
    const message = (body as ApiError | undefined)?.error?.message ?? `${response.status} ${response.statusText}`;
    throw new Error(message);
  }
  return body as T;
}

function post(body: unknown): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** One chunk of the AI SDK's UI message stream, as the server sends it. */
export type StreamChunk = { type: string; [field: string]: unknown };

/** Posts a chat message and hands each chunk of the answer's stream to `onChunk` as it arrives. */
export async function streamChat(
  body: { chatId: string; message: string },
  onChunk: (chunk: StreamChunk) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch('/api/chat', { ...post(body), signal });
  if (!response.ok || !response.body) await answerOf(response);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data && data !== '[DONE]') onChunk(JSON.parse(data) as StreamChunk);
      end = buffer.indexOf('\n\n');
    }
  }
}

/** JSON for people: two-space indents. */
export function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value);
}
