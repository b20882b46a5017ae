/** A generateContent route: `/{v1|v1beta}/models/{model}:{generateContent|streamGenerateContent}`. */
export interface Route {
  apiVersion: 'v1' | 'v1beta';
  model: string;
  method: 'generateContent' | 'streamGenerateContent';
  /** `alt=sse` was asked for (the SDK always does on the streaming endpoint). */
  sse: boolean;
}

const ROUTE = /^\/(v1|v1beta)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/** The route of a request URL (path and query), or undefined when it is not one FakeGemini serves. */
export function parseRoute(url: URL): Route | undefined {
  const match = ROUTE.exec(url.pathname);
  if (!match) return undefined;
  return {
    apiVersion: match[1] as Route['apiVersion'],
    model: decodeURIComponent(match[2]!),
    method: match[3] as Route['method'],
    sse: url.searchParams.get('alt') === 'sse',
  };
}
