import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Delays } from './delays.js';
import { refusalOf } from './admission.js';
import { flattenHeaders, parseJson, readBody, sendJson } from './http-io.js';
import { geminiErrorBody } from './errors.js';
import type { Reply, SignaturePlacement, StreamOptions } from './replies.js';
import { viewRequest, type FakeRequest } from './request-view.js';
import { newResponseId, responseBody, type TurnMeta } from './response-body.js';
import { parseRoute, type Route } from './routes.js';
import { ThoughtSignatureLedger } from './rules/thought-signatures.js';
import { ReplySource, type Handler, type ScriptEntry } from './script.js';
import { finalizeParts } from './signing.js';
import { splitIntoEvents } from './sse.js';
import { writeSse } from './stream-writer.js';
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
  /** Serve only these model names (e.g. `['gemini-2.5-flash']`): others get the API's 404. By default any name. */
  models?: string[];
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
  /**
   * The requests that reached the model (past the rules), in turn order, each as a handler got it: `body` typed, and
   * `text`, `functionResponses`, `answeredCalls`, ... read from it. `turns[n]` is what script entry n answered.
   */
  readonly turns: readonly FakeRequest[];
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
  const turns: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  const delays = new Delays();

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
    const fail = (status: number, body: GeminiErrorBody, headers: Record<string, string> = {}) => {
      record.status = status;
      record.error = body.error;
      sendJson(res, status, body, headers);
    };
    record.stream = record.route?.method === 'streamGenerateContent';

    const refusal = refusalOf(
      {
        method: record.method,
        path: record.path,
        route: record.route,
        apiKey: record.headers['x-goog-api-key'] ?? url.searchParams.get('key') ?? '',
        raw,
        parsed,
      },
      {
        apiKey: options.apiKey,
        models: options.models,
        strict: options.strict !== false,
        thinking: thinking !== undefined,
        signatures: ledger,
      },
    );
    if (refusal) {
      record.problems = refusal.problems ?? [];
      return fail(refusal.status, refusal.body);
    }
    const route = record.route!;
    const body = parsed as GenerateContentRequest;

    const request = viewRequest(body, route, record.headers, record.index, turns.length);
    turns.push(request);
    let reply: Reply;
    try {
      reply = await source.next(request);
    } catch (error) {
      return fail(500, geminiErrorBody(500, error instanceof Error ? error.message : String(error)));
    }

    if (reply.delayMs) {
      const answered = await delays.wait(reply.delayMs, res);
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
      usage: estimateUsage(body, parts, reply.usage),
      ...(reply.finishMessage !== undefined ? { finishMessage: reply.finishMessage } : {}),
    };
    record.status = 200;
    if (!record.stream) return sendJson(res, 200, responseBody(parts, meta, end));
    const stream = { ...options.stream, ...reply.stream };
    const events = splitIntoEvents(parts, stream.textEvents ?? DEFAULT_TEXT_EVENTS).map((eventParts, i, all) =>
      responseBody(eventParts, meta, i === all.length - 1 ? end : undefined),
    );
    if (!route.sse) return sendJson(res, 200, events);
    await writeSse(res, events, stream, delays);
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
    turns,
    get pending() {
      return source.pending;
    },
    signatures: ledger,
    push: (...entries) => source.push(...entries),
    assertScriptUsed() {
      if (source.pending > 0) {
        const entries = source.pending === 1 ? '1 script entry was' : `${source.pending} script entries were`;
        throw new Error(`FakeGemini: ${entries} never used (${requests.length} requests received).`);
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        delays.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}
