// A server whose tools/list holds entries the SDK's Client rejects (built with the SDK's low-level Server, in a real
// child process): connectMcp keeps every usable tool and says which entries it left out and why; any mix of broken
// entries (fast-check) never fails the connect. And a Client the caller connected: when its transport closes, calls
// answer an error the model reads, and work again once its owner connects it again.
import { connectMcp } from '@toolwright/mcp';
import { functionDeclarationProblems } from '@toolwright/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenTools, brokenToolsServer, flawedTools, goodTools } from './support/broken-tools.js';
import { tsNode } from './support/processes.js';
import { budget } from '../../../test/support/time-budget.js';

const script = fileURLToPath(new URL('./support/serve-broken-tools.ts', import.meta.url));
const target = { command: tsNode.command, args: [...tsNode.args, script], cwd: tsNode.cwd, stderr: 'ignore' as const };

async function inMemory(tools: () => unknown[]): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await brokenToolsServer(tools).connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

const problemsOf = (declarations: unknown[]) =>
  declarations.flatMap((declaration, i) => functionDeclarationProblems(declaration, `declarations[${i}]`));

describe('tool lists with entries the SDK rejects', () => {
  it('makes the SDK Client fail its whole listTools with any one of the entries (the fixture is honest)', async () => {
    for (const entry of [...brokenTools, ...flawedTools]) {
      const client = await inMemory(() => [...goodTools, entry]);
      await expect(client.listTools(), JSON.stringify(entry)).rejects.toThrow();
      await client.close();
    }
  });

  it(
    'keeps the usable tools of a server process and says which entries it left out, and why',
    async () => {
      const heard: string[] = [];
      const remote = await connectMcp(target, { onWarning: (warning) => heard.push(warning.message) });
      try {
        const names = remote.tools().map((tool) => tool.name);
        expect(names).toEqual(['add', 'weather', 'odd_hints', 'numeric_description', 'bad_output_schema', 'wait']);
        const skipped = remote.warnings
          .filter((warning) => warning.code === 'tool-skipped')
          .map((warning) => warning.message);
        expect(skipped).toEqual([
          'tool "string-root" was left out: its inputSchema has type "string", where the spec asks for "object"',
          'tool "no-schema" was left out: its inputSchema is undefined, not a JSON Schema object',
          'entry 3 of tools/list was left out: its name is undefined, not a non-empty string',
          'entry 8 of tools/list was left out: it is number 42, not a tool object',
          'tool "bad-properties" was left out: its inputSchema has properties that are not a map of schemas',
          'tool "add" was left out: the server lists a tool of that name before it',
        ]);
        const dropped = remote.warnings
          .filter((warning) => warning.code === 'field-dropped')
          .map((warning) => [warning.tool, warning.path]);
        expect(dropped).toEqual([
          ['odd_hints', '/annotations'],
          ['numeric_description', '/description'],
        ]);
        expect(heard).toEqual(remote.warnings.map((warning) => warning.message));
        for (const dialect of ['openapi', 'json-schema'] as const)
          expect(problemsOf(remote.declarations({ dialect }))).toEqual([]);

        expect((await remote.call({ id: '1', name: 'add', args: { a: 2, b: 40 } })).functionResponse).toEqual({
          id: '1',
          name: 'add',
          response: { output: 42 },
        });
        const weather = await remote.call({ name: 'weather', args: { city: 'Oslo' } });
        expect(weather.functionResponse.response).toEqual({ output: { city: 'Oslo', celsius: 21 } });
        // The SDK checks structured content only for tools its own listTools saw; the McpToolbox checks it itself.
        const broken = await remote.call({ name: 'weather', args: { city: 'Oslo', broken: true } });
        expect(broken.functionResponse.response).toMatchObject({
          error: {
            name: 'InvalidStructuredContent',
            message: expect.stringContaining('/celsius: expected number'),
            issues: [{ path: '/celsius' }],
          },
        });
        const uncheckable = await remote.call({ name: 'bad_output_schema', args: {} });
        expect(uncheckable.functionResponse.response).toEqual({ output: { tool: 'bad-output-schema', args: {} } });
      } finally {
        await remote.close();
      }
    },
    budget(30_000),
  );

  it('says nothing of the tools the filters leave out, and names a kept tool as the model sees it', async () => {
    const client = await inMemory(() => [...goodTools, ...brokenTools, ...flawedTools]);
    const remote = await connectMcp(client, { prefix: 'x_', exclude: ['string-root', 'numeric-description'] });
    const said = remote.warnings.filter((warning) => warning.code !== 'keyword-dropped');
    expect(said.map((warning) => [warning.code, warning.tool])).toEqual([
      ['tool-skipped', 'no-schema'],
      ['tool-skipped', undefined],
      ['tool-skipped', undefined],
      ['tool-skipped', 'bad-properties'],
      ['field-dropped', 'x_odd_hints'],
    ]);
    await client.close();
  });

  it("keeps a tool's _meta and icons, and drops icons the spec does not allow with a warning", async () => {
    const meta = { 'io.example/owner': 'team-a', nested: { ok: true } };
    const icons = [{ src: 'https://example.com/i.png', mimeType: 'image/png', sizes: ['48x48'], theme: 'dark' }];
    const client = await inMemory(() => [
      { name: 'kept', inputSchema: { type: 'object' }, _meta: meta, icons },
      { name: 'bad_icons', inputSchema: { type: 'object' }, _meta: 'text', icons: [{ href: 'x' }] },
    ]);
    const remote = await connectMcp(client);
    const [kept, bad] = remote.tools();
    expect(kept).toMatchObject({ name: 'kept', meta, icons });
    expect(bad).not.toHaveProperty('meta');
    expect(bad).not.toHaveProperty('icons');
    expect(
      remote.warnings.filter((warning) => warning.code === 'field-dropped').map((warning) => warning.path),
    ).toEqual(['/_meta', '/icons']);
    await client.close();
  });

  it('stops paging at a cursor it has seen, where a broken server would page forever', async () => {
    const server = new Server({ name: 'loop', version: '1.0.0' }, { capabilities: { tools: {} } });
    let pages = 0;
    server.setRequestHandler(ListToolsRequestSchema, (request) => {
      pages++;
      const page = request.params?.cursor === undefined ? 'first' : 'again';
      return { tools: [{ name: `${page}_${pages}`, inputSchema: { type: 'object' } }], nextCursor: 'same' };
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientSide);
    const remote = await connectMcp(client);
    expect(remote.tools().map((tool) => tool.name)).toEqual(['first_1', 'again_2']);
    expect(pages).toBe(2);
    await client.close();
  });

  it('never fails the connect on any mix of broken entries, and keeps every valid tool', async () => {
    const validTool = (i: number) =>
      fc.record({
        name: fc.constant(`good_${i}`),
        description: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
        inputSchema: fc.constantFrom<Record<string, unknown>>(
          { type: 'object' },
          { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
          {
            type: 'object',
            properties: { 'odd-name': { type: ['string', 'null'] }, r: { $ref: '#/$defs/R' } },
            $defs: { R: { const: 1 } },
          },
        ),
      });
    // Broken entries never take a valid tool's name: listed first, they would make it a duplicate.
    const notGood = (name: unknown) => !(typeof name === 'string' && name.startsWith('good'));
    const brokenEntry = fc.oneof(
      fc.anything().filter((value) => notGood((value as { name?: unknown } | null)?.name)),
      fc.record({ name: fc.anything().filter(notGood), inputSchema: fc.anything() }),
      fc.record({
        name: fc.string().filter(notGood),
        inputSchema: fc.record({ type: fc.anything(), properties: fc.anything(), required: fc.anything() }),
      }),
      fc.record({
        name: fc.string().filter(notGood),
        inputSchema: fc.constant({ type: 'object' }),
        annotations: fc.anything(),
        outputSchema: fc.anything(),
      }),
      fc.record({
        name: fc.string().filter(notGood),
        title: fc.anything(),
        description: fc.anything(),
        inputSchema: fc.constant({ type: 'object' }),
      }),
      fc.constantFrom(...brokenTools, ...flawedTools),
    );
    const mix = fc
      .tuple(fc.integer({ min: 0, max: 4 }), fc.array(brokenEntry, { maxLength: 6 }))
      .chain(([count, broken]) =>
        fc
          .tuple(fc.tuple(...Array.from({ length: count }, (_, i) => validTool(i))), fc.constant(broken))
          .chain(([valid, bad]) =>
            fc
              .shuffledSubarray([...valid, ...bad], { minLength: valid.length + bad.length })
              .map((entries) => ({ valid, entries })),
          ),
      );
    let listed: unknown[] = [];
    const client = await inMemory(() => listed);
    await fc.assert(
      fc.asyncProperty(mix, async ({ valid, entries }) => {
        listed = entries;
        const remote = await connectMcp(client);
        const remoteNames = remote.tools().map((tool) => tool.remoteName);
        expect(remoteNames).toEqual(expect.arrayContaining(valid.map((tool) => tool.name)));
        for (const dialect of ['openapi', 'json-schema'] as const)
          expect(problemsOf(remote.declarations({ dialect }))).toEqual([]);
        const left = entries.length - remote.tools().length;
        expect(remote.warnings.filter((warning) => warning.code === 'tool-skipped')).toHaveLength(left);
      }),
      { numRuns: 200 },
    );
    await client.close();
  });
});

describe('a Client the caller connected', () => {
  it(
    'answers an error the model reads when its transport closes, and works again once reconnected',
    async () => {
      const client = new Client({ name: 'mine', version: '1.0.0' });
      const connect = async () => {
        const transport = new StdioClientTransport(target);
        await client.connect(transport);
        return transport;
      };
      const transport = await connect();
      const remote = await connectMcp(client);
      try {
        expect((await remote.call({ name: 'add', args: { a: 1, b: 2 } })).functionResponse.response).toEqual({
          output: 3,
        });
        // A call in flight when the server goes away ends with an error value, not a hang.
        const inFlight = remote.call({ id: 'w', name: 'wait', args: { ms: 60_000 } });
        await new Promise((resolve) => setTimeout(resolve, 200));
        process.kill(transport.pid!, 'SIGKILL');
        expect((await inFlight).functionResponse).toMatchObject({
          id: 'w',
          response: { error: { name: 'ServerUnavailable' } },
        });
        const later = await remote.call({ name: 'add', args: { a: 1, b: 2 } });
        expect(later.functionResponse.response).toEqual({
          error: {
            name: 'ServerUnavailable',
            message:
              'The MCP server of tool "add" is not reachable: the connection to the server is closed ' +
              '(the MCP Client given to connectMcp is reconnected only by its owner)',
          },
        });
        await connect(); // the owner reconnects: calls work again, on the new server process
        expect((await remote.call({ name: 'add', args: { a: 20, b: 22 } })).functionResponse.response).toEqual({
          output: 42,
        });
      } finally {
        await remote.close();
        expect(client.transport).toBeDefined(); // the McpToolbox leaves the caller's Client open
        await client.close();
      }
    },
    budget(30_000),
  );
});
