import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { geminiErrorBody, INVALID_API_KEY_MESSAGE, invalidArgumentBody, MISSING_API_KEY_MESSAGE } from './errors.js';
import type { Reply, SignaturePlacement, StreamOptions } from './replies.js';
import { viewRequest } from './request-view.js';
import { newResponseId, responseBody, type TurnMeta } from './response-body.js';
import { parseRoute, type Route } from './routes.js';
import { requestProblems } from './rules/request.js';
import { ThoughtSignatureLedger } from './rules/thought-signatures.js';
import { ReplySource, type Handler, type ScriptEntry } from './script.js';
import { finalizeParts } from './signing.js';
import { splitIntoEvents, sseEvent } from './sse.js';
import { estimateUsage } from './usage.js';
import type { GeminiErrorBody, GenerateContentRequest } from './wire.js';

export interface ThinkingOptions {
  /** Which function call parts of a reply get a signature when the reply does not say. Default `first`. */
  signatures?: SignaturePlacement;
  /** Sign the last part of text-only replies too (not checked on the way back, as the API does). Default true. */
  signText?: boolean;
}

export interface FakeGeminiOptions {
  /** Replies in order, one per request that passes the rules. */
  script?: ScriptEntry[];
  /** Makes replies from requests; with a script, it answers once the script is used up. */
  handler?: Handler;
  /**
   * Emulate a thinking model (Gemini 3): replies' function calls carry thought signatures, and requests whose current
   * turn sends a call back without its signature (or with another) get the API's 400.
   */
  thinking?: boolean | ThinkingOptions;
  /** Accept only this API key (others get the API's 400 API_KEY_INVALID). By default any non-empty key passes. */
  apiKey?: string;
  /** Defaults for every streamed reply, e.g. `{ textEvents: 5 }`. */
  stream?: StreamOptions;
  /** Apply the request rules (default true). */
  strict?: boolean;
  /** Port on 127.0.0.1; default a free one. */
  port?: number;
}

/** One request as FakeGemini received it, and what it answered. */
export interface RecordedRequest {
  index: number;
  method: string;
  /** Path and query, e.g. `/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`. */
  path: string;
  headers: Record<string, string>;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  route: Route | undefined;
  stream: boolean;
  /** The HTTP status answered (undefined while pending, or when the connection was dropped before any answer). */
  status?: number;
  /** The rule problems that made it a 400. */
  problems: string[];
  /** The error body sent, for non-2xx answers. */
  error?: GeminiErrorBody['error'];
}

export interface FakeGemini {
  /** `http://127.0.0.1:<port>`: pass it as `httpOptions.baseUrl`. */
  readonly url: string;
  readonly port: number;
  /** Every request received, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Script entries not used yet. */
  readonly pending: number;
  /** The thought signatures this fake issued. */
  readonly signatures: ThoughtSignatureLedger;
  /** Appends entries to the script. */
  push(...entries: ScriptEntry[]): void;
  /** Throws unless every script entry was used. */
  assertScriptUsed(): void;
  close(): Promise<void>;
}

const DEFAULT_TEXT_EVENTS = 3;

/** Starts a FakeGemini server on 127.0.0.1. Each call makes an independent server. */
export async function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeGemini> {
  const source = new ReplySource(options.script ?? [], options.handler);
  const ledger = new ThoughtSignatureLedger();
  const thinking = options.thinking ? (options.thinking === true ? {} : options.thinking) : undefined;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let turns = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, geminiErrorBody(500, `FakeGemini failed: ${String(error)}`));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    const parsed = parseJson(raw);
    const record: RecordedRequest = {
      index: requests.length,
      method: req.method ?? 'GET',
      path: url.pathname + url.search,
      headers: flattenHeaders(req.headers),
      body: parsed === undefined ? raw : parsed,
      route: parseRoute(url),
      stream: false,
      problems: [],
    };
    requests.push(record);
    const route = record.route;
    const fail = (status: number, body: GeminiErrorBody, headers: Record<string, string> = {}) => {
      record.status = status;
      record.error = body.error;
      sendJson(res, status, body, headers);
    };

    if (!route || record.method !== 'POST') {
      return fail(
        404,
        geminiErrorBody(
          404,
          `FakeGemini serves POST /{v1,v1beta}/models/{model}:generateContent and :streamGenerateContent?alt=sse, not ${record.method} ${record.path}.`,
        ),
      );
    }
    record.stream = route.method === 'streamGenerateContent';

    const key = record.headers['x-goog-api-key'] ?? url.searchParams.get('key') ?? '';
    if (!key) return fail(403, geminiErrorBody(403, MISSING_API_KEY_MESSAGE));
    if (options.apiKey !== undefined && key !== options.apiKey) {
      return fail(
        400,
        geminiErrorBody(400, INVALID_API_KEY_MESSAGE, [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
        ]),
      );
    }

    const body = parsed;
    if (body === undefined) {
      return fail(400, geminiErrorBody(400, `Invalid JSON payload received. Unexpected token in the request body at '': ${preview(raw)}`));
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return fail(400, geminiErrorBody(400, `Invalid JSON payload received. Expected an object at the top level, got ${preview(raw)}.`));
    }
    if (options.strict !== false) {
      record.problems = requestProblems(body, { thinking: thinking !== undefined, signatures: ledger });
      if (record.problems.length > 0) return fail(400, invalidArgumentBody(record.problems));
    }

    const request = viewRequest(body as GenerateContentRequest, route, record.headers, record.index, turns++);
    let reply: Reply;
    try {
      reply = await source.next(request);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const text = message.startsWith('FakeGemini') ? message : `FakeGemini: the handler failed for request #${record.index}: ${message}`;
      return fail(500, geminiErrorBody(500, text));
    }

    if (reply.delayMs) {
      const answered = await wait(reply.delayMs, res);
      if (!answered) return;
    }
    if (reply.kind === 'disconnect') {
      req.socket.destroy();
      return;
    }
    if (reply.kind === 'error') return fail(reply.status, reply.body, reply.headers);

    const parts = finalizeParts(reply.parts, {
      ledger,
      placement: reply.signatures ?? (thinking ? (thinking.signatures ?? 'first') : 'none'),
      signText: thinking !== undefined && thinking.signText !== false,
      ids: reply.ids === true,
      requestIndex: record.index,
    });
    const meta: TurnMeta = { model: route.model, responseId: newResponseId() };
    const end = {
      finishReason: reply.finishReason,
      usage: estimateUsage(body as GenerateContentRequest, parts, reply.usage),
      ...(reply.finishMessage !== undefined ? { finishMessage: reply.finishMessage } : {}),
    };
    record.status = 200;
    if (!record.stream) return sendJson(res, 200, responseBody(parts, meta, end));
    const stream = { ...options.stream, ...reply.stream };
    const events = splitIntoEvents(parts, stream.textEvents ?? DEFAULT_TEXT_EVENTS).map((eventParts, i, all) =>
      responseBody(eventParts, meta, i === all.length - 1 ? end : undefined),
    );
    if (!route.sse) return sendJson(res, 200, events);
    await writeStream(res, events, stream);
  }

  async function writeStream(res: ServerResponse, events: unknown[], stream: StreamOptions): Promise<void> {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
    res.flushHeaders();
    const cutAfter = stream.cutAfterEvents;
    for (const [i, event] of events.entries()) {
      if (cutAfter !== undefined && i === cutAfter) return cutStream(res, stream.cut ?? 'destroy', sseEvent(event));
      if (i > 0 && stream.intervalMs) {
        if (!(await wait(stream.intervalMs, res))) return;
      }
      res.write(sseEvent(event));
    }
    if (cutAfter !== undefined && cutAfter >= events.length) return cutStream(res, stream.cut ?? 'destroy', sseEvent(events[events.length - 1]));
    res.end();
  }

  // Resolves true after `ms`, or false as soon as the client goes away (or the server closes).
  function wait(ms: number, res: ServerResponse): Promise<boolean> {
    return new Promise((resolve) => {
      const onClose = () => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        timers.delete(timer);
        res.off('close', onClose);
        resolve(!res.destroyed);
      }, ms);
      timers.add(timer);
      res.once('close', onClose);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    get pending() {
      return source.pending;
    },
    signatures: ledger,
    push: (...entries) => source.push(...entries),
    assertScriptUsed() {
      if (source.pending > 0) {
        throw new Error(`FakeGemini: ${source.pending} script entr${source.pending === 1 ? 'y was' : 'ies were'} never used (${requests.length} requests received).`);
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}

// Ends the stream midway: drop the connection, or send half of the next event and end cleanly.
function cutStream(res: ServerResponse, how: 'destroy' | 'unterminated', nextEvent: string): void {
  if (how === 'unterminated') {
    res.end(nextEvent.slice(0, Math.max(8, Math.floor(nextEvent.length / 2))));
    return;
  }
  const socket = res.socket;
  // Let what was written reach the client first, then break the chunked response off without its last chunk.
  res.write('', () => socket?.destroy());
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function preview(raw: string): string {
  return JSON.stringify(raw.length > 40 ? `${raw.slice(0, 37)}...` : raw);
}

