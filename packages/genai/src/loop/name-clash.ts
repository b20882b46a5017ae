import type { ToolboxLike } from '../toolbox-like.js';

/** What a Toolbox's `tools()` or an McpToolbox's `tools()` says of one tool, read structurally. */
interface ListedTool {
  name?: unknown;
  remoteName?: unknown;
  method?: unknown;
  class?: { name?: unknown };
}

/**
 * The error for a function name that two entries of the Agent's `tools` declare: which two, and how to part them
 * (an MCP server's tools imported under a prefix or with the name excluded; a local tool renamed).
 */
export function nameClashError(
  name: string,
  first: ToolboxLike,
  firstIndex: number,
  second: ToolboxLike,
  secondIndex: number,
): TypeError {
  const sources = [source(first, firstIndex, name), source(second, secondIndex, name)];
  const remote = sources.find((one) => one.server !== undefined);
  const fix = remote
    ? `import the tools of MCP server ${remote.server} under a prefix (connectMcp(target, { prefix: '${prefixFor(remote.server!)}' })) or leave this one out (connectMcp(target, { exclude: [${JSON.stringify(remote.remoteName ?? name)}] }))`
    : 'rename one (@tool({ name }) or defineTool({ name })) or give the Agent only one of them';
  return new TypeError(
    `Agent option tools: the function name "${name}" is declared twice, by ${sources[0]!.text} and by ${sources[1]!.text}: ${fix}`,
  );
}

function source(
  toolbox: ToolboxLike,
  index: number,
  name: string,
): { text: string; server?: string; remoteName?: string } {
  const listed = listedTool(toolbox, name);
  const serverName = (toolbox as { serverInfo?: { name?: unknown } }).serverInfo?.name;
  if (typeof listed?.remoteName === 'string') {
    const server = JSON.stringify(typeof serverName === 'string' ? serverName : `#${index}`);
    return {
      text: `toolbox ${index + 1} (tool "${listed.remoteName}" of MCP server ${server})`,
      server,
      remoteName: listed.remoteName,
    };
  }
  // core's defineTool binds as a FunctionTool instance: its class says nothing to the user.
  if (listed?.class?.name === 'FunctionTool') return { text: `toolbox ${index + 1} (defineTool "${name}")` };
  if (typeof listed?.method === 'string' && typeof listed.class?.name === 'string') {
    return { text: `toolbox ${index + 1} (${listed.class.name}.${listed.method})` };
  }
  return { text: `toolbox ${index + 1}` };
}

function listedTool(toolbox: ToolboxLike, name: string): ListedTool | undefined {
  const tools = (toolbox as { tools?: unknown }).tools;
  if (typeof tools !== 'function') return undefined;
  try {
    const list: unknown = tools.call(toolbox);
    if (!Array.isArray(list)) return undefined;
    return list.find((tool: ListedTool) => tool?.name === name) as ListedTool | undefined;
  } catch {
    return undefined;
  }
}

/** A prefix from the server's name (`"Weather API"` -> `weather_api_`). */
function prefixFor(server: string): string {
  const plain = JSON.parse(server) as string;
  const words = plain
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(words) ? `${words.slice(0, 20)}_` : 'remote_';
}
