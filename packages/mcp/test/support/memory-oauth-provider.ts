// An OAuthClientProvider as a user's app would write one, kept in memory, for tests and the conformance runner. Its
// redirectToAuthorization notes the page where a browser would go; `authorizationCode` is the app's callback route:
// it "visits" that page (the test authorization servers answer at once with a redirect to the callback) and
// resolves with the code, or rejects with the error the server sent back (the user declined).
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

export const REDIRECT_URL = 'http://127.0.0.1:3000/callback';

export class MemoryOAuthProvider implements OAuthClientProvider {
  #client: OAuthClientInformationMixed | undefined;
  #tokens: OAuthTokens | undefined;
  #verifier: string | undefined;
  /** Every authorization page the app was sent to, in order. */
  readonly pages: URL[] = [];
  /** How many times the callback was awaited. */
  codesAsked = 0;

  constructor(preRegistered?: OAuthClientInformationMixed) {
    this.#client = preRegistered;
  }

  /** A URL-based client id, for servers that take client metadata documents (no registration then). */
  get clientMetadataUrl(): string {
    return 'https://conformance-test.local/client-metadata.json';
  }

  get redirectUrl(): string {
    return REDIRECT_URL;
  }

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'toolwright-test', redirect_uris: [REDIRECT_URL] };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.#client;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.#client = info;
  }

  tokens(): OAuthTokens | undefined {
    return this.#tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.#tokens = tokens;
  }

  redirectToAuthorization(url: URL): void {
    this.pages.push(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.#verifier) throw new Error('no code verifier saved');
    return this.#verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') this.#tokens = undefined;
    if (scope === 'all' || scope === 'client') this.#client = undefined;
    if (scope === 'all' || scope === 'verifier') this.#verifier = undefined;
  }

  /** connectMcp's `authorizationCode`: the code the last authorization page sends back. */
  authorizationCode = async (): Promise<string> => {
    this.codesAsked++;
    const page = this.pages.at(-1);
    if (!page) throw new Error('the app was sent to no authorization page');
    const response = await fetch(page, { redirect: 'manual' });
    const location = response.headers.get('location');
    const back = location ? new URL(location) : undefined;
    const code = back?.searchParams.get('code');
    if (code) return code;
    const error = back?.searchParams.get('error');
    throw new Error(error ? `the user declined (${error})` : `the authorization page answered ${response.status}`);
  };
}
