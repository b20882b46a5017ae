// A server whose tools/list holds entries the SDK's Client rejects beside good tools, built with the official SDK's
// low-level Server (it sends the list as given). tools/call: `add` adds, `weather` answers structured content
// (`celsius: "warm"` on request, which breaks its output schema), `wait` waits `ms`; any other name echoes.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});

export const goodTools: unknown[] = [
  {
    name: 'add',
    description: 'Adds two numbers.',
    inputSchema: object({ a: { type: 'number' }, b: { type: 'number' } }, ['a', 'b']),
  },
  {
    name: 'weather',
    description: 'The weather in a city.',
    inputSchema: object({ city: { type: 'string' }, broken: { type: 'boolean' } }, ['city']),
    outputSchema: object({ city: { type: 'string' }, celsius: { type: 'number' } }, ['city', 'celsius']),
  },
  { name: 'wait', description: 'Waits.', inputSchema: object({ ms: { type: 'number' } }, ['ms']) },
];

/** Entries that fail the SDK's ListToolsResultSchema (each alone fails `client.listTools`), with why they must. */
export const brokenTools: unknown[] = [
  { name: 'string-root', description: 'Arguments that are not an object.', inputSchema: { type: 'string' } },
  { name: 'no-schema', description: 'No inputSchema at all.' },
  { description: 'A tool without a name.', inputSchema: { type: 'object' } },
  42,
  { name: 'bad-properties', inputSchema: { type: 'object', properties: { a: 'string' } } },
];

/** The SDK takes a second tool of the same name; a call by that name would be ambiguous, so it is left out. */
export const duplicateTool = { name: 'add', description: 'A second tool named add.', inputSchema: { type: 'object' } };

/** Usable tools with a field the SDK rejects: kept, the field left out. */
export const flawedTools: unknown[] = [
  {
    name: 'odd-hints',
    description: 'Hints of the wrong type.',
    inputSchema: object({}),
    annotations: { readOnlyHint: 'yes' },
  },
  { name: 'numeric-description', description: 7, inputSchema: object({ q: { type: 'string' } }) },
  // The SDK's listTools parses this, then fails compiling the output schema (no type "nonsense" in JSON Schema).
  { name: 'bad-output-schema', inputSchema: object({}), outputSchema: object({ x: { type: 'nonsense' } }) },
];

export function brokenToolsServer(tools: () => unknown[]): Server {
  const server = new Server(
    { name: 'broken-tools', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools() }) as never);
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    if (request.params.name === 'add')
      return { content: [{ type: 'text', text: String(Number(args.a) + Number(args.b)) }] };
    if (request.params.name === 'weather') {
      const structuredContent = { city: args.city, celsius: args.broken ? 'warm' : 21 };
      return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
    }
    if (request.params.name === 'wait') {
      await new Promise((resolve) => setTimeout(resolve, Number(args.ms)));
      return { content: [{ type: 'text', text: 'waited' }] };
    }
    return { content: [{ type: 'text', text: JSON.stringify({ tool: request.params.name, args }) }] };
  });
  return server;
}
