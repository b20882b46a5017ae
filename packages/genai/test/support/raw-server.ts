import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GoogleGenAI } from '@google/genai';
import { afterAll } from 'vitest';

/** One answer of the raw server: exact bytes FakeGemini cannot produce (HTML error pages, broken JSON, odd shapes). */
export interface RawAnswer {
  status?: number;
  contentType?: string;
  body: string;
  /** Never answer (the request hangs until the client gives up). */
  hang?: boolean;
  /** Answer this late, and send the body's second half a second after its first. */
  lateMs?: number;
}

/**
 * A plain HTTP server that answers each request with the next queued answer, for the bytes FakeGemini will not send.
 * Started once per test file; `answers` is refilled by each test.
 */
export async function startRawServer(): Promise<{
  answers: RawAnswer[];
  requests: () => number;
  /** Late answers the client closed before their end. */
  closedUnread: () => number;
  client: GoogleGenAI;
  url: string;
}> {
  const answers: RawAnswer[] = [];
  let requests = 0;
  let closedUnread = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests += 1;
      const answer = answers.shift() ?? {
        status: 500,
        body: '{"error":{"code":500,"message":"raw server: no answer queued"}}',
      };
      if (answer.hang) return;
      if (answer.lateMs !== undefined) {
        const half = answer.body.length >> 1;
        setTimeout(() => {
          response.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json' });
          response.write(answer.body.slice(0, half));
          const rest = setTimeout(() => response.end(answer.body.slice(half)), 1_000);
          response.on('close', () => {
            if (!response.writableFinished) closedUnread += 1;
            clearTimeout(rest);
          });
        }, answer.lateMs);
        return;
      }
      response.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  const client = new GoogleGenAI({
    apiKey: 'test',
    apiVersion: 'v1beta',
    httpOptions: { baseUrl: `http://127.0.0.1:${port}` },
  });
  return {
    answers,
    requests: () => requests,
    closedUnread: () => closedUnread,
    client,
    url: `http://127.0.0.1:${port}`,
  };
}
