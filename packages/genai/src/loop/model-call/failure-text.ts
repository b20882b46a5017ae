/** google-auth-library's message when `GoogleGenAI` got no API key and the machine has no Google Cloud credentials. */
const NO_CREDENTIALS = /Could not load the default credentials/;

/**
 * What the AgentApiError of a failed model request says of the failure: the error's message, with the reason its
 * cause holds where the message names none (Node's fetch fails with "fetch failed" and keeps "getaddrinfo ENOTFOUND
 * host" or "connect ECONNREFUSED" in `cause`), and the fix where the message does not say it (a `GoogleGenAI` without
 * an API key looks for Google Cloud credentials, and its error speaks only of those).
 */
export function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const reason = cause ? cause.message || (cause as { code?: unknown }).code : undefined;
  let text = error.message;
  if (typeof reason === 'string' && reason && !text.includes(reason)) text += ` (${reason})`;
  if (NO_CREDENTIALS.test(text))
    text +=
      ' (the client has no API key, so @google/genai looked for Google Cloud credentials: for the Gemini API set ' +
      'GEMINI_API_KEY or pass new GoogleGenAI({ apiKey }); for Vertex AI set up application default credentials)';
  return text;
}
