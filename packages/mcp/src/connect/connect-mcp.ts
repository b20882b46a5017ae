import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CLIENT_INFO, type ConnectMcpOptions } from './connect-options.js';
import { McpToolbox } from './mcp-toolbox.js';
import { isClient, openClient, type McpTarget } from './targets.js';

/**
 * Connects to an MCP server and lists its tools (every page): a command to run over stdio, a URL (Streamable HTTP,
 * falling back to SSE), or an SDK Client you connected. The result goes into the Agent beside local Toolboxes:
 * `new Agent({ tools: [toolbox, remote] })`. Close it when done (`await remote.close()`).
 *
 * @example
 * ```ts
 * import { connectMcp } from '@toolwright/mcp';
 *
 * const remote = await connectMcp({ command: 'python3', args: ['worker.py'] }); // or { url, headers }
 * const agent = new Agent({ client, model: 'gemini-2.5-flash', tools: [toolbox, remote] });
 * await agent.run('...');
 * await remote.close();
 * ```
 */
export async function connectMcp(target: McpTarget, options: ConnectMcpOptions = {}): Promise<McpToolbox> {
  const owned = !isClient(target);
  const client: Client = owned ? await openClient(target, options.clientInfo ?? CLIENT_INFO) : target;
  const toolbox = new McpToolbox(client, owned ? target : undefined, options);
  try {
    await toolbox.refresh();
  } catch (error) {
    await toolbox.close();
    throw error;
  }
  return toolbox;
}
