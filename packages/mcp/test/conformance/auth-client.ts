// The client the conformance suite runs for its auth/* scenarios: connectMcp with an `authProvider` and
// `authorizationCode`, used the way docs/mcp-import.md tells a user to. The suite appends the server's URL to the
// command and names the scenario in MCP_CONFORMANCE_SCENARIO (pre-registered credentials come in
// MCP_CONFORMANCE_CONTEXT). Its authorization server answers the authorization URL at once with a redirect that
// carries the code, so the "user" here is a fetch (MemoryOAuthProvider's authorizationCode).
import { connectMcp } from '@toolwright/mcp';
import { MemoryOAuthProvider } from '../support/memory-oauth-provider.js';

async function main(): Promise<void> {
  const url = process.argv.at(-1)!;
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as {
    client_id?: string;
    client_secret?: string;
  };
  const preRegistered = context.client_id
    ? { client_id: context.client_id, ...(context.client_secret ? { client_secret: context.client_secret } : {}) }
    : undefined;
  const provider = new MemoryOAuthProvider(preRegistered);
  const remote = await connectMcp({ url, authProvider: provider, authorizationCode: provider.authorizationCode });
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
