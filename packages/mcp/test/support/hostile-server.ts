// An MCP server written to hurt its client, with the official SDK's low-level Server: tools/list pages that never
// end, tools whose answers are 8 MB (text, structured content, media), progress that never stops, and an
// inputSchema with a pattern that a backtracking engine takes exponential time on.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export const EIGHT_MB = 8 * 1024 * 1024;

export interface Hostility {
  /** Every tools/list page holds this many new tools and a new cursor, for ever. */
  endlessPages?: number;
}

const tools = [
  { name: 'flood', description: 'Answers 8 MB of text.', inputSchema: { type: 'object' } },
  { name: 'flood_error', description: 'Fails with 8 MB of text.', inputSchema: { type: 'object' } },
  { name: 'flood_structured', description: 'Answers 8 MB of structured content.', inputSchema: { type: 'object' } },
  { name: 'flood_media', description: 'Answers 8 MB of image, then small media.', inputSchema: { type: 'object' } },
  { name: 'chatter', description: 'Sends progress every few ms and never ends.', inputSchema: { type: 'object' } },
  {
    name: 'evil_pattern',
    description: 'Takes a word that a backtracking engine checks in exponential time.',
    inputSchema: { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$' } }, required: ['word'] },
  },
  {
    name: 'lookahead',
    description: 'A pattern RE2 cannot express.',
    inputSchema: { type: 'object', properties: { word: { type: 'string', pattern: '^(?=a)\\w+$' } } },
  },
  {
    name: 'evil_keys',
    description:
      'Property names checked by patterns: one exponential on a backtracking engine, one RE2 cannot express.',
    inputSchema: {
      type: 'object',
      patternProperties: { '^(b+)+$': { type: 'string' }, '^(?=x)\\w+$': { type: 'number' } },
      additionalProperties: false,
    },
  },
];

/** The hostile server, connected in memory to a new SDK Client (which connectMcp then takes). */
export async function hostileClient(hostility: Hostility = {}): Promise<{ client: Client; stats: { pages: number } }> {
  const stats = { pages: 0 };
  const server = new Server({ name: 'hostile', version: '6.6.6' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    stats.pages++;
    if (!hostility.endlessPages) return { tools };
    const page = Array.from({ length: hostility.endlessPages }, (_, i) => ({
      name: `page${stats.pages}_tool${i}`,
      inputSchema: { type: 'object' as const },
    }));
    return { tools: page, nextCursor: `${request.params?.cursor ?? ''}x`.slice(-64) + stats.pages };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    switch (request.params.name) {
      case 'flood':
        return { content: [{ type: 'text', text: 'x'.repeat(EIGHT_MB) }] };
      case 'flood_error':
        return { content: [{ type: 'text', text: 'e'.repeat(EIGHT_MB) }], isError: true };
      case 'flood_media':
        return {
          content: [
            { type: 'text', text: 'the pictures' },
            { type: 'image', data: 'A'.repeat(EIGHT_MB), mimeType: 'image/png' },
            { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
            { type: 'resource', resource: { uri: 'x://big', blob: 'B'.repeat(EIGHT_MB), mimeType: 'image/jpeg' } },
          ],
          isError: request.params.arguments?.fail === true,
        };
      case 'flood_structured':
        return {
          content: [{ type: 'text', text: 'see structured content' }],
          structuredContent: { rows: Array.from({ length: EIGHT_MB / 64 }, (_, i) => ({ i, text: 'y'.repeat(48) })) },
        };
      case 'chatter': {
        const token = request.params._meta?.progressToken;
        for (let step = 0; !extra.signal.aborted; step++) {
          if (token !== undefined) {
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress: step },
            });
          }
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return { content: [{ type: 'text', text: 'cancelled' }] };
      }
      default:
        return { content: [{ type: 'text', text: `called ${request.params.name}` }] };
    }
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, stats };
}
