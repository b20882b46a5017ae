import { ownFetch } from '../../rest-client/own-fetch.js';
import { parseRetryAfter } from './retry.js';

/**
 * The fetch a run's model requests go through, handed to the SDK in each request's `httpOptions`. It does two jobs
 * the SDK's public API leaves open:
 * - It records the status and the Retry-After header of the last failed reply: the SDK's ApiError carries no headers,
 *   and no status when it cannot parse the error body (an HTML page or nothing, labelled JSON).
 * - It carries the request's abort signal (the run's, or the request time limit's) straight to fetch. Handed to the
 *   SDK as `config.abortSignal` instead, each request would also pay for the SDK's own signal and listener.
 * - It closes the reply of a request the time limit gave up (one sent without a signal), should it still come.
 */
export class RequestFetch {
  readonly fetch: typeof fetch;
  private signal: AbortSignal | undefined;
  private attempt = { givenUp: false };
  private lastRetryAfter: string | null = null;
  private lastFailedStatus: number | undefined;

  constructor(base: typeof fetch, record: boolean) {
    this.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const attempt = this.attempt;
      return base(input, withSignal(init, this.signal)).then((reply) => {
        if (attempt.givenUp) void reply.body?.cancel().catch(() => {});
        else if (record && !reply.ok) this.record(reply);
        return reply;
      });
    }) as typeof fetch;
  }

  /** A request starts: it is aborted by `signal`, and nothing is recorded yet. */
  begin(signal: AbortSignal | undefined): void {
    this.signal = signal;
    this.attempt = { givenUp: false };
    this.lastRetryAfter = null;
    this.lastFailedStatus = undefined;
  }

  /** The time limit gave the request up: its reply, should it come, is closed unread. */
  giveUp(): void {
    this.attempt.givenUp = true;
  }

  /** The status of the failed reply this request got, if it got one. */
  failedStatus(): number | undefined {
    return this.lastFailedStatus;
  }

  /** The failed reply's Retry-After, in milliseconds from now. */
  retryAfterMs(): number | undefined {
    return parseRetryAfter(this.lastRetryAfter);
  }

  private record(reply: Response): void {
    this.lastRetryAfter = reply.headers.get('retry-after');
    this.lastFailedStatus = reply.status;
  }
}

function withSignal(init: RequestInit | undefined, signal: AbortSignal | undefined): RequestInit | undefined {
  if (!signal) return init;
  // The SDK's own signal (its `httpOptions.timeout`) and ours: whichever fires first ends the request.
  const own = init?.signal;
  if (own && own !== signal && typeof AbortSignal.any === 'function')
    return { ...init, signal: AbortSignal.any([own, signal]) };
  return { ...init, signal };
}

/**
 * The fetch the client was made with, so that wrapping it never bypasses a custom fetch given to `new GoogleGenAI`
 * (or to `new GeminiRestClient`).
 * The SDK keeps its options private; `undefined` when they are not where SDK 2.x and 3.x keep them (then the
 * Agent does not wrap fetch at all: it passes the signal as `config.abortSignal` and reads statuses from errors).
 */
export function clientFetch(client: object): typeof fetch | undefined {
  const light = ownFetch(client);
  if (light) return light;
  const options = (client as unknown as { apiClient?: { clientOptions?: { httpOptions?: { fetch?: unknown } } } })
    .apiClient?.clientOptions;
  if (options === undefined || options === null || typeof options !== 'object') return undefined;
  const own = options.httpOptions?.fetch;
  // Looked up per request, as the SDK does: a fetch replaced later (a test's mock) is the one used.
  return typeof own === 'function' ? (own as typeof fetch) : (input, init) => globalThis.fetch(input, init);
}
