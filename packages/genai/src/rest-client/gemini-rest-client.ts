import type { GenerateContentParameters, GenerateContentResponse } from '@google/genai';
import type { AgentClient } from '../options.js';
import { replyError } from './api-error.js';
import { toReply } from './gemini-reply.js';
import { recordOwnFetch } from './own-fetch.js';
import { modelPath, requestBody } from './request-body.js';
import { sseEvents } from './sse-events.js';

export interface GeminiRestClientOptions {
  /**
   * The Gemini API key, sent in the `x-goog-api-key` header. Absent (or `undefined`): the environment's
   * `GOOGLE_API_KEY`, else `GEMINI_API_KEY`, the order `GoogleGenAI` reads them in.
   */
  apiKey?: string | undefined;
  /** Default `v1beta`, as @google/genai 1.x and 2.x. */
  apiVersion?: string;
  httpOptions?: {
    /**
     * Default: the environment's `GOOGLE_GEMINI_BASE_URL` (as `GoogleGenAI` reads it), else
     * `https://generativelanguage.googleapis.com`.
     */
    baseUrl?: string;
    /** Sent with every request, after the client's own. */
    headers?: Record<string, string>;
    /** The fetch requests go through. Default: the global one, looked up per request. */
    fetch?: typeof fetch;
    /** Time limit of one request in ms (the headers, and for a stream its whole reading). */
    timeout?: number;
  };
}

type RequestHttpOptions = GeminiRestClientOptions['httpOptions'] & { apiVersion?: string };

/** The HTTP options the client honours, at construction or per request. */
const HTTP_OPTIONS = new Set(['baseUrl', 'apiVersion', 'headers', 'fetch', 'timeout']);

const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

/**
 * A small client of the Gemini API's REST endpoints (`generateContent`, `streamGenerateContent` with SSE), on
 * fetch, for the Agent: what an app needs when `@google/genai`'s load time matters (a cold start). It sends the
 * requests @google/genai sends for the same parameters, and fails as it does (an error with `status`, the body in its
 * message). Only the Gemini Developer API with an API key: Vertex AI, files, caches and the rest stay with
 * `GoogleGenAI`, which the Agent takes as well.
 */
export class GeminiRestClient {
  readonly models: AgentClient['models'];
  private readonly fetch: typeof fetch;
  private readonly apiKey: string;
  private readonly apiVersion: string;
  private readonly httpOptions: NonNullable<RequestHttpOptions>;

  constructor(options: GeminiRestClientOptions = {}) {
    const apiKey = options.apiKey ?? fromEnvironment('GOOGLE_API_KEY') ?? fromEnvironment('GEMINI_API_KEY');
    if (typeof apiKey !== 'string' || apiKey === '')
      throw new Error(
        'GeminiRestClient needs an API key: new GeminiRestClient({ apiKey }), or GEMINI_API_KEY in the environment.',
      );
    this.apiKey = apiKey;
    this.apiVersion = options.apiVersion ?? 'v1beta';
    const { fetch: own, ...httpOptions } = options.httpOptions ?? {};
    const baseUrl = httpOptions.baseUrl ?? fromEnvironment('GOOGLE_GEMINI_BASE_URL');
    this.httpOptions = baseUrl === undefined ? httpOptions : { ...httpOptions, baseUrl };
    this.fetch = own ?? ((input, init) => globalThis.fetch(input, init));
    // The Agent wraps it to read Retry-After and to carry its signal.
    recordOwnFetch(this, this.fetch);
    this.models = {
      generateContent: (params) => this.generateContent(params),
      generateContentStream: (params) => this.generateContentStream(params),
    };
  }

  private async generateContent(params: GenerateContentParameters): Promise<GenerateContentResponse> {
    const reply = await this.send(params, 'generateContent');
    return toReply(await reply.json());
  }

  private async generateContentStream(
    params: GenerateContentParameters,
  ): Promise<AsyncGenerator<GenerateContentResponse>> {
    const reply = await this.send(params, 'streamGenerateContent');
    if (!reply.body) throw new Error("The model's stream reply has no body.");
    return (async function* replies(body) {
      for await (const event of sseEvents(body)) yield toReply(event);
    })(reply.body);
  }

  /** One request; a non-2xx answer is thrown as a GeminiApiError. */
  private async send(params: GenerateContentParameters, method: string): Promise<Response> {
    const config = params.config;
    const http: NonNullable<RequestHttpOptions> = {
      ...this.httpOptions,
      ...(config?.httpOptions as RequestHttpOptions),
    };
    for (const key of Object.keys(http))
      if (!HTTP_OPTIONS.has(key))
        throw new Error(`GeminiRestClient does not take httpOptions.${key}: use @google/genai's GoogleGenAI for it.`);
    const base = (http.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    const version = (http.apiVersion ?? this.apiVersion).replace(/^\/+|\/+$/g, '');
    const stream = method === 'streamGenerateContent';
    const url = `${base}/${version}/${modelPath(params.model)}:${method}${stream ? '?alt=sse' : ''}`;
    const body = JSON.stringify(requestBody(params));
    const signals = [config?.abortSignal, http.timeout ? AbortSignal.timeout(http.timeout) : undefined].filter(
      (signal): signal is AbortSignal => signal !== undefined,
    );
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    const send = http.fetch ?? this.fetch;
    const reply = await send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': this.apiKey, ...http.headers },
      body,
      ...(signal ? { signal } : {}),
    });
    if (!reply.ok) throw await replyError(reply);
    return reply;
  }
}

/** A setting from the environment, as `GoogleGenAI` reads them: none where there is no `process` (edge), or empty. */
function fromEnvironment(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[name] || undefined;
}
