// The client the conformance suite runs for its auth/* scenarios: connectMcp with an `authProvider`, used the way
// docs/mcp-import.md tells a user to. The suite appends the server's URL to the command and names the scenario in
// MCP_CONFORMANCE_SCENARIO (pre-registered credentials come in MCP_CONFORMANCE_CONTEXT). Its authorization server
// answers the authorization URL at once with a redirect that carries the code, so the "user" here is a fetch.
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { connectMcp } from '@toolwright/mcp';

const REDIRECT_URL = 'http://127.0.0.1:3000/callback';

/** A provider that keeps everything in memory and follows the authorization redirect itself. */
class HeadlessProvider implements OAuthClientProvider {
  #client: OAuthClientInformationMixed | undefined;
  #tokens: OAuthTokens | undefined;
  #verifier: string | undefined;
  code: string | undefined;

  constructor(preRegistered?: OAuthClientInformationMixed) {
    this.#client = preRegistered;
  }

  get redirectUrl(): string {
    return REDIRECT_URL;
  }

  /** A URL-based client id, for servers that take client metadata documents (no registration then). */
  get clientMetadataUrl(): string {
    return 'https://conformance-test.local/client-metadata.json';
  }

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'toolwright-conformance', redirect_uris: [REDIRECT_URL] };
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

  async redirectToAuthorization(url: URL): Promise<void> {
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    const code = location ? new URL(location).searchParams.get('code') : null;
    if (!code) throw new Error(`the authorization page answered ${response.status} with no code to follow`);
    this.code = code;
  }

  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.#verifier) throw new Error('no code verifier saved');
    return this.#verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier'): void {
    if (scope === 'all' || scope === 'tokens') this.#tokens = undefined;
    if (scope === 'all' || scope === 'client') this.#client = undefined;
    if (scope === 'all' || scope === 'verifier') this.#verifier = undefined;
  }
}

async function main(): Promise<void> {
  const url = process.argv.at(-1)!;
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as {
    client_id?: string;
    client_secret?: string;
  };
  const preRegistered = context.client_id
    ? { client_id: context.client_id, ...(context.client_secret ? { client_secret: context.client_secret } : {}) }
    : undefined;
  const provider = new HeadlessProvider(preRegistered);
  const authorizationCode = async () => {
    if (provider.code === undefined) throw new Error('the authorization page gave no code');
    return provider.code;
  };
  const remote = await connectMcp({ url, authProvider: provider, authorizationCode });
  try {
    const [first] = remote.tools();
    if (!first) throw new Error('the server listed no tools');
    const answer = await remote.call({ name: first.name, args: {} });
    if ('error' in answer.functionResponse.response)
      throw new Error(`the call failed: ${answer.functionResponse.response.error.message}`);
  } finally {
    await remote.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
