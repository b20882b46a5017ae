/**
 * A non-2xx answer of the Gemini API, as the light client throws it. It has the shape of @google/genai's `ApiError`
 * (the HTTP `status`, and the error body as JSON in the message), so the Agent reads it the same way: the status
 * decides a retry, a RetryInfo in the body sets the delay, and the body's text tells a model that refuses tools.
 */
export class GeminiApiError extends Error {
  override name = 'GeminiApiError';
  readonly status: number;

  constructor(status: number, body: unknown) {
    super(JSON.stringify(body));
    this.status = status;
  }
}

/** The error of a failed reply. A body that is not JSON (an HTML page, nothing) still gives its status. */
export async function replyError(reply: Response): Promise<GeminiApiError> {
  const text = await reply.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = { error: { message: text, code: reply.status, status: reply.statusText } };
  }
  return new GeminiApiError(reply.status, body);
}

/** An SSE event that carries an API error (the API's way to fail a stream already answered 200). */
export function streamEventError(event: unknown): GeminiApiError | undefined {
  const error = (event as { error?: { code?: unknown } } | null)?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const code = error.code;
  return new GeminiApiError(typeof code === 'number' && code >= 400 && code < 600 ? code : 500, event);
}
