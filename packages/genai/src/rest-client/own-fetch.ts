// The fetch each light client sends with, for the Agent's fetch wrapper to delegate to. Kept apart from the client,
// so that the Agent's code does not import the client: an app on @google/genai does not bundle it.
const fetches = new WeakMap<object, typeof fetch>();

/** Records the fetch `client` sends with. */
export function recordOwnFetch(client: object, send: typeof fetch): void {
  fetches.set(client, send);
}

/** The fetch a light client sends with; undefined for any other client. */
export function ownFetch(client: object): typeof fetch | undefined {
  return fetches.get(client);
}
