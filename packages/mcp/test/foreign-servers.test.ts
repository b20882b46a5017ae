// Servers that are not toolwright's: a 1,000-tool server listed page by page in full, a list that changes, names
// Gemini refuses, and schemas of every draft (fast-check) — every declaration in both dialects must pass
// FakeGemini's rules, and arguments reach the server under its own names.
import { connectMcp } from '@toolwright/mcp';
import { functionDeclarationProblems } from '@toolwright/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** A low-level SDK server with these tools, `pageSize` per tools/list page; tools/call echoes its arguments. */
async function foreignServer(tools: () => Tool[], pageSize = 100): Promise<{ client: Client; server: Server }> {
  const server = new Server({ name: 'foreign', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const all = tools();
    const start = Number(request.params?.cursor ?? 0);
    const next = start + pageSize;
    return { tools: all.slice(start, next), ...(next < all.length ? { nextCursor: String(next) } : {}) };
  });
  server.setRequestHandler(CallToolRequestSchema, (request) => ({
    content: [{ type: 'text', text: JSON.stringify({ tool: request.params.name, args: request.params.arguments }) }],
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, server };
}

const problemsOf = (declarations: unknown[]) =>
  declarations.flatMap((declaration, i) => functionDeclarationProblems(declaration, `declarations[${i}]`));

describe('foreign MCP servers', () => {
  it('lists all 1,000 tools of a paged server, with names Gemini takes mapped back on the call', async () => {
    const tools: Tool[] = Array.from({ length: 1000 }, (_, i) => ({
      name: i % 2 ? `tool/${i}` : `${i}-tool`,
      description: `Tool ${i}`,
      inputSchema: {
        type: 'object',
        properties: { 'file-path': { type: 'string' }, n: { type: ['integer', 'null'] } },
        required: ['file-path'],
      },
    }));
    const { client } = await foreignServer(() => tools);
    const remote = await connectMcp(client);
    expect(remote.tools()).toHaveLength(1000);
    expect(
      remote
        .tools()
        .slice(0, 2)
        .map((tool) => [tool.name, tool.remoteName]),
    ).toEqual([
      ['_0_tool', '0-tool'],
      ['tool_1', 'tool/1'],
    ]);
    expect(new Set(remote.tools().map((tool) => tool.name)).size).toBe(1000);
    for (const dialect of ['openapi', 'json-schema'] as const)
      expect(problemsOf(remote.declarations({ dialect }))).toEqual([]);
    const reply = await remote.call({ id: '1', name: 'tool_1', args: { file_path: '/tmp/x', n: 3 } });
    expect(reply.functionResponse).toEqual({
      id: '1',
      name: 'tool_1',
      response: { output: { tool: 'tool/1', args: { 'file-path': '/tmp/x', n: 3 } } },
    });
    const invalid = await remote.call({ name: 'tool_1', args: { n: 'three' } });
    expect(invalid.functionResponse.response).toMatchObject({
      error: { name: 'InvalidArguments', issues: [{ path: '/file_path' }, { path: '/n' }] },
    });
    await remote.close();
    await client.close();
  });

  it('refreshes when the server says its tool list changed, and filters by include/exclude', async () => {
    let tools: Tool[] = ['a', 'b', 'secret'].map((name) => ({ name, inputSchema: { type: 'object' } }));
    const { client, server } = await foreignServer(() => tools);
    const remote = await connectMcp(client, { exclude: [/^secret$/] });
    expect(remote.tools().map((tool) => tool.name)).toEqual(['a', 'b']);
    tools = [...tools, { name: 'c', inputSchema: { type: 'object' } }];
    await server.sendToolListChanged();
    await expect.poll(() => remote.tools().map((tool) => tool.name)).toEqual(['a', 'b', 'c']);
    expect(remote.has('c')).toBe(true);
    await client.close();
  });

  it('declares schemas of any draft so that Gemini accepts them, in both dialects', async () => {
    const leaf = fc.oneof(
      fc.constant({ type: 'string', format: 'uri' }),
      fc.constant({ type: 'string', format: 'email', minLength: 1 }),
      fc.constant({ type: ['string', 'null'] }),
      fc.constant({ type: ['number', 'string'] }),
      fc.constant({ const: 'fixed' }),
      fc.constant({ const: 3 }),
      fc.constant({ enum: [1, 2, 3] }),
      fc.constant({ enum: ['a', null] }),
      fc.constant({ type: 'number', minimum: 0, exclusiveMinimum: true }),
      fc.constant({ type: 'integer', exclusiveMaximum: 10 }),
      fc.constant({ type: 'number', multipleOf: 0.5 }),
      fc.constant({ $ref: '#/definitions/Thing' }),
      fc.constant({ $ref: '#/$defs/Node' }),
      fc.constant({ $ref: 'https://example.com/schema.json' }),
      fc.constant({ $ref: '#/nowhere' }),
      fc.constant({ type: 'any' }),
      fc.constant({ not: { type: 'string' } }),
      fc.constant({ nullable: true, type: 'string' }),
      fc.constant({ type: 'string', minLength: '3' }),
      fc.constant({}),
    );
    const { node } = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.record({ type: fc.constant('array'), items: tie('node') }),
        fc.record({
          type: fc.constant('array'),
          items: fc.array(tie('node'), { maxLength: 3 }),
          additionalItems: fc.boolean(),
        }),
        fc.record({
          type: fc.constant('object'),
          properties: fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 3 }),
          additionalProperties: fc.oneof(fc.boolean(), tie('node')),
        }),
        fc.record({ anyOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
        fc.record({ oneOf: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
        fc.record({
          allOf: fc.array(
            fc.record({
              type: fc.constant('object'),
              properties: fc.dictionary(fc.string({ maxLength: 4 }), tie('node'), { maxKeys: 2 }),
            }),
            { minLength: 1, maxLength: 2 },
          ),
        }),
      ),
    }));
    const inputSchema = fc.record({
      $schema: fc.constantFrom(
        'http://json-schema.org/draft-07/schema#',
        'https://json-schema.org/draft/2020-12/schema',
        'http://json-schema.org/draft-04/schema#',
      ),
      type: fc.constant('object'),
      properties: fc.dictionary(
        fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom('file-path', '1st', 'ok_name', 'a.b')),
        node,
        { maxKeys: 4 },
      ),
      definitions: fc.constant({ Thing: { type: 'object', properties: { id: { type: 'integer' } } } }),
      $defs: fc.constant({
        Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' }, value: { const: 1 } } },
      }),
    });
    let tools: Tool[] = [];
    const { client } = await foreignServer(() => tools);
    const remote = await connectMcp(client);
    await fc.assert(
      fc.asyncProperty(fc.array(inputSchema, { minLength: 1, maxLength: 3 }), async (schemas) => {
        tools = schemas.map((schema, i) => ({ name: `t${i}`, inputSchema: schema as Tool['inputSchema'] }));
        await remote.refresh();
        for (const dialect of ['openapi', 'json-schema'] as const) {
          const declarations = remote.declarations({ dialect });
          expect(declarations).toHaveLength(schemas.length);
          expect(problemsOf(declarations)).toEqual([]);
          expect(JSON.stringify(declarations)).not.toContain('"$schema"');
        }
      }),
      { numRuns: 150 },
    );
    await client.close();
  });
});
