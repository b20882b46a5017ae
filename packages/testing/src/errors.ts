import type { GeminiErrorBody } from './wire.js';

/** The google.rpc status name the Gemini API pairs with each HTTP status it uses. */
export const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'NOT_IMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** Default messages, worded as the real API words them. */
export const DEFAULT_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Request contains an invalid argument.',
  403: 'The caller does not have permission',
  404: 'Requested entity was not found.',
  429: 'Resource has been exhausted (e.g. check quota).',
  500:
    'An internal error has occurred. Please retry or report in ' +
    'https://developers.generativeai.google/guide/troubleshooting',
  503: 'The model is overloaded. Please try again later.',
  504: 'The request timed out. Please try again.',
};

export function statusName(code: number): string {
  return STATUS_NAMES[code] ?? (code >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');
}

/** `{ error: { code, message, status, details? } }`, the body of every Gemini API error. */
export function geminiErrorBody(
  code: number,
  message: string = DEFAULT_ERROR_MESSAGES[code] ?? `HTTP ${code}`,
  details?: Array<Record<string, unknown>>,
): GeminiErrorBody {
  const error: GeminiErrorBody['error'] = { code, message, status: statusName(code) };
  if (details && details.length > 0) error.details = details;
  return { error };
}

/** The 400 for a request that breaks one or more rules: the API joins the problems with newlines. */
export function invalidArgumentBody(problems: readonly string[]): GeminiErrorBody {
  return geminiErrorBody(400, problems.join('\n'), [
    { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: problems.map((p) => fieldViolation(p)) },
  ]);
}

/** The RetryInfo detail that accompanies a 429, e.g. `retryDelay: "2s"`. */
export function retryInfoDetail(retryAfterSeconds: number): Record<string, unknown> {
  return { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfterSeconds}s` };
}

/** What the API answers when no API key is sent. */
export const MISSING_API_KEY_MESSAGE =
  "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or " +
  'other form of API consumer identity to call this API.';

/** What the API answers for a key it does not know. */
export const INVALID_API_KEY_MESSAGE = 'API key not valid. Please pass a valid API key.';

// The field a problem message names: the quoted path of "at 'path'", or the "* GenerateContentRequest.path:" form.
function fieldViolation(problem: string): { field: string; description: string } {
  const quoted = /at '([^']+)'/.exec(problem);
  const starred = /^\* GenerateContentRequest\.([^:]+):/.exec(problem);
  return { field: quoted?.[1] ?? starred?.[1] ?? '', description: problem };
}
