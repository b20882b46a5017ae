import { DEFAULT_ERROR_MESSAGES, geminiErrorBody, retryInfoDetail } from './errors.js';
import type { GeminiErrorBody, Part, UsageMetadata } from './wire.js';

/** How a streamed reply is cut into SSE events, and whether the stream breaks off. */
export interface StreamOptions {
  /** Into how many SSE events each text part is split (at most one per character). Default: the server's, 3. */
  textEvents?: number;
  /** Wait between two events, in milliseconds. */
  intervalMs?: number;
  /** Break the stream off after this many complete events. */
  cutAfterEvents?: number;
  /**
   * How it breaks off: `destroy` drops the connection (the client sees a network error), `unterminated` sends half an
   * event and ends the response cleanly (the SDK throws "Incomplete JSON segment at the end"), an error reply (e.g.
   * `reply.unavailable()`) is sent as an error event, as the API does when it fails mid-stream (the SDK throws
   * `ApiError` with its code). Default `destroy`.
   */
  cut?: 'destroy' | 'unterminated' | ErrorReply;
}

/** Where a thought signature goes on the function calls of a reply: the API signs only the first of parallel calls. */
export type SignaturePlacement = 'first' | 'each' | 'none';

/** A model turn: parts, a finish reason and usage. */
export interface ContentReply {
  kind: 'content';
  parts: Part[];
  finishReason: string;
  finishMessage?: string;
  usage?: UsageMetadata;
  /** Give calls without an id an id made by the server. */
  ids?: boolean;
  /** Sign function calls that carry no signature (default: `first` when the fake emulates a thinking model). */
  signatures?: SignaturePlacement;
  stream?: StreamOptions;
  delayMs?: number;
}

/** An HTTP error with the API's error body. */
export interface ErrorReply {
  kind: 'error';
  status: number;
  body: GeminiErrorBody;
  headers: Record<string, string>;
  delayMs?: number;
}

/** No answer at all: the server drops the connection. */
export interface DisconnectReply {
  kind: 'disconnect';
  delayMs?: number;
}

export type Reply = ContentReply | ErrorReply | DisconnectReply;

export interface ContentOptions {
  usage?: UsageMetadata;
  finishReason?: string;
  stream?: StreamOptions;
  delayMs?: number;
}

export interface CallSpec {
  name: string;
  args?: Record<string, unknown>;
  id?: string;
  /** An explicit signature for this part (the server records it as one it issued). */
  thoughtSignature?: string;
}

export interface FunctionCallOptions extends ContentOptions {
  /** Give each call without an id a server-made id (`call-<request>-<n>`). */
  ids?: boolean;
  /** Sign the first call part, each one, or none (default: `first` on a thinking fake, else `none`). */
  thoughtSignature?: SignaturePlacement;
  /** A text part before the calls, as models often write one. */
  text?: string;
}

export interface ErrorOptions {
  message?: string;
  details?: Array<Record<string, unknown>>;
  headers?: Record<string, string>;
  /** Seconds: sets the Retry-After header and a RetryInfo detail. */
  retryAfter?: number;
  delayMs?: number;
}

/** A text answer (finish reason STOP). */
function text(value: string, options: ContentOptions = {}): ContentReply {
  return content([{ text: value }], options);
}

/** A model turn made of the given parts. */
function content(parts: Part[], options: ContentOptions = {}): ContentReply {
  const reply: ContentReply = {
    kind: 'content',
    parts: structuredClone(parts),
    finishReason: options.finishReason ?? 'STOP',
  };
  if (options.usage) reply.usage = options.usage;
  if (options.stream) reply.stream = options.stream;
  if (options.delayMs !== undefined) reply.delayMs = options.delayMs;
  return reply;
}

/** One function call. */
function functionCall(
  name: string,
  args: Record<string, unknown> = {},
  options: FunctionCallOptions & { id?: string } = {},
): ContentReply {
  const { id, ...rest } = options;
  return functionCalls([{ name, args, ...(id !== undefined ? { id } : {}) }], rest);
}

/** Several function calls in one turn (parallel calls), optionally after a text part. */
function functionCalls(calls: CallSpec[], options: FunctionCallOptions = {}): ContentReply {
  const parts: Part[] = options.text !== undefined ? [{ text: options.text }] : [];
  for (const call of calls) {
    const part: Part = { functionCall: { name: call.name, args: call.args ?? {} } };
    if (call.id !== undefined) part.functionCall!.id = call.id;
    if (call.thoughtSignature !== undefined) part.thoughtSignature = call.thoughtSignature;
    parts.push(part);
  }
  const reply = content(parts, options);
  if (options.ids) reply.ids = true;
  if (options.thoughtSignature) reply.signatures = options.thoughtSignature;
  return reply;
}

/** A turn that ends with `reason` and, by default, empty content, as MALFORMED_FUNCTION_CALL does. */
function finish(reason: string, options: ContentOptions & { message?: string; parts?: Part[] } = {}): ContentReply {
  const reply = content(options.parts ?? [], { ...options, finishReason: reason });
  if (options.message !== undefined) reply.finishMessage = options.message;
  return reply;
}

/** The turn the API returns when the model wrote a call it could not parse. */
function malformedFunctionCall(
  message = 'Malformed function call: the model produced a call that is not valid.',
): ContentReply {
  return finish('MALFORMED_FUNCTION_CALL', { message });
}

/** An HTTP error with the Gemini error body (`{ error: { code, message, status, details? } }`). */
function error(status: number, options: ErrorOptions = {}): ErrorReply {
  const details = [...(options.details ?? [])];
  const headers = { ...(options.headers ?? {}) };
  if (options.retryAfter !== undefined) {
    headers['retry-after'] = String(options.retryAfter);
    details.push(retryInfoDetail(options.retryAfter));
  }
  const reply: ErrorReply = { kind: 'error', status, body: geminiErrorBody(status, options.message, details), headers };
  if (options.delayMs !== undefined) reply.delayMs = options.delayMs;
  return reply;
}

/** 429 RESOURCE_EXHAUSTED with a Retry-After header and a RetryInfo detail. */
function rateLimited(retryAfterSeconds = 2, message = DEFAULT_ERROR_MESSAGES[429]): ErrorReply {
  return error(429, { retryAfter: retryAfterSeconds, ...(message !== undefined ? { message } : {}) });
}

/** 500 INTERNAL. */
function serverError(message?: string): ErrorReply {
  return error(500, message !== undefined ? { message } : {});
}

/** 503 UNAVAILABLE ("The model is overloaded."). */
function unavailable(message?: string): ErrorReply {
  return error(503, message !== undefined ? { message } : {});
}

/** Drops the connection without an answer. */
function disconnect(): DisconnectReply {
  return { kind: 'disconnect' };
}

/** The same reply, sent after `ms` milliseconds. */
function delay<R extends Reply>(ms: number, reply: R): R {
  return { ...reply, delayMs: ms };
}

/** The same reply with this usage metadata (merged over the server's estimate). */
function withUsage(reply: ContentReply, usage: UsageMetadata): ContentReply {
  return { ...reply, usage: { ...reply.usage, ...usage } };
}

/** The same reply, streamed with these options (e.g. cut after 2 events). */
function withStream(reply: ContentReply, stream: StreamOptions): ContentReply {
  return { ...reply, stream: { ...reply.stream, ...stream } };
}

/**
 * The reply builders, the one way to make a reply: `reply.text('hi')`, `reply.functionCall('f', {...})`, ... (one
 * namespace, so that no generic name such as `text` or `error` clashes with the test's own).
 */
export const reply = Object.freeze({
  text,
  content,
  functionCall,
  functionCalls,
  finish,
  malformedFunctionCall,
  error,
  rateLimited,
  serverError,
  unavailable,
  disconnect,
  delay,
  withUsage,
  withStream,
});
