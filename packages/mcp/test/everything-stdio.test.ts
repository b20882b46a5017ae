// The reference server `@modelcontextprotocol/server-everything` over stdio, imported with connectMcp: every tool
// declared in both dialects passes FakeGemini's rules, an Agent calls get_sum and echo, results of every kind, a long
// call cancelled and time-limited, progress not extending the limit, and the server killed mid-session.
import { Agent } from '@toolwright/genai';
import { connectMcp, type McpToolbox } from '@toolwright/mcp';
import { functionDeclarationProblems, reply } from '@toolwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childPids } from './support/children.js';
import { everythingScript } from './support/everything.js';
import { fakeGemini } from './support/fake.js';
import { budget } from '../../../test/support/time-budget.js';

describe('server-everything over stdio', () => {
  let remote: McpToolbox;
  beforeAll(async () => {
    remote = await connectMcp({ command: process.execPath, args: [everythingScript, 'stdio'], stderr: 'ignore' });
  }, budget(30_000));
  afterAll(() => remote?.close());

  it('declares every tool so that Gemini accepts it, in both dialects', () => {
    const names = remote.tools().map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'echo',
        'get_sum',
        'get_tiny_image',
        'trigger_long_running_operation',
        'get_structured_content',
      ]),
    );
    for (const dialect of ['openapi', 'json-schema'] as const) {
      const declarations = remote.declarations({ dialect });
      expect(declarations.map((declaration) => declaration.name)).toEqual(names);
      declarations.forEach((declaration, i) => {
        expect(functionDeclarationProblems(declaration, `declarations[${i}]`)).toEqual([]);
      });
      expect(JSON.stringify(declarations)).not.toContain('$schema');
    }
    const sum = remote.declarations().find((declaration) => declaration.name === 'get_sum')!;
    expect(sum.parameters).toMatchObject({
      type: 'OBJECT',
      properties: { a: { type: 'NUMBER' }, b: { type: 'NUMBER' } },
      required: ['a', 'b'],
    });
    // `format: uri` cannot be said in Gemini's subset: a note, and a warning connectMcp reports.
    expect(remote.warnings.some((warning) => warning.tool === 'gzip_file_as_resource')).toBe(true);
  });

  it('runs an Agent on FakeGemini that calls get_sum and echo', async () => {
    const { fake, client } = await fakeGemini({
      script: [
        reply.functionCalls([
          { name: 'get_sum', args: { a: 2, b: 40 }, id: 's' },
          { name: 'echo', args: { message: 'hello' }, id: 'e' },
        ]),
        'The sum is 42 and the echo said hello.',
      ],
    });
    try {
      const agent = new Agent({ client, model: 'gemini-2.5-flash', tools: remote });
      const result = await agent.run('Add 2 and 40, and echo hello.');
      expect(result.text).toBe('The sum is 42 and the echo said hello.');
      expect(fake.turns[1]!.functionResponses).toEqual([
        { id: 's', name: 'get_sum', response: { output: expect.stringContaining('42') } },
        { id: 'e', name: 'echo', response: { output: 'Echo: hello' } },
      ]);
    } finally {
      await fake.close();
    }
  });

  it("sends an image tool's picture to the model as inline data (FakeGemini accepts the request)", async () => {
    const { fake, client } = await fakeGemini({
      script: [reply.functionCall('get_tiny_image', {}, { id: 'img' }), 'A tiny logo.'],
    });
    try {
      const agent = new Agent({ client, model: 'gemini-2.5-flash', tools: remote });
      expect((await agent.run('Show me the image.')).text).toBe('A tiny logo.');
      expect(fake.turns[1]!.functionResponses[0]!.parts).toEqual([
        { inlineData: { mimeType: 'image/png', data: expect.any(String) } },
      ]);
    } finally {
      await fake.close();
    }
  });

  it('turns each kind of result into a function response', async () => {
    const image = await remote.call({ id: 'i', name: 'get_tiny_image', args: {} });
    expect(image.functionResponse.parts).toEqual([{ inlineData: { mimeType: 'image/png', data: expect.any(String) } }]);
    const structured = await remote.call({ name: 'get_structured_content', args: { location: 'Chicago' } });
    expect(structured.functionResponse.response).toEqual({
      output: { temperature: expect.any(Number), conditions: expect.any(String), humidity: expect.any(Number) },
    });
    const invalid = await remote.call({ id: 'x', name: 'get_sum', args: { a: 'two' } });
    expect(invalid.functionResponse).toMatchObject({
      id: 'x',
      name: 'get_sum',
      response: { error: { name: 'InvalidArguments', issues: expect.any(Array) } },
    });
    const unknown = await remote.call({ name: 'get-sum', args: {} });
    expect(unknown.functionResponse.response).toMatchObject({ error: { name: 'UnknownTool', closest: ['get_sum'] } });
  });

  it(
    'cancels a long call, and ends it at its time limit, which progress does not extend',
    async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 300);
      const cancelled = await remote.call(
        { name: 'trigger_long_running_operation', args: { duration: 20, steps: 2 } },
        { signal: controller.signal },
      );
      expect(cancelled.functionResponse.response).toMatchObject({ error: { name: 'AbortError' } });

      const timedOut = await remote.call(
        { name: 'trigger_long_running_operation', args: { duration: 20, steps: 2 } },
        { timeoutMs: 300 },
      );
      expect(timedOut.functionResponse.response).toMatchObject({ error: { name: 'TimeoutError' } });

      // The limit is a total: progress every 200 ms is passed on and does not extend it.
      const early: number[] = [];
      const cut = await remote.call(
        { name: 'trigger_long_running_operation', args: { duration: 1.2, steps: 6 } },
        { timeoutMs: 600, onProgress: (update) => early.push(update.progress) },
      );
      expect(cut.functionResponse.response).toMatchObject({ error: { name: 'TimeoutError' } });
      expect(early.length).toBeGreaterThanOrEqual(1);

      const progress: number[] = [];
      const finished = await remote.call(
        { name: 'trigger_long_running_operation', args: { duration: 1.2, steps: 6 } },
        { timeoutMs: budget(10_000), onProgress: (update) => progress.push(update.progress) },
      );
      expect(finished.functionResponse.response).toMatchObject({ output: expect.stringContaining('completed') });
      expect(progress.length).toBeGreaterThanOrEqual(4);
    },
    budget(20_000),
  );

  it(
    'respawns a killed server and retries the call',
    async () => {
      const [pid] = childPids(everythingScript);
      expect(pid).toBeDefined();
      process.kill(pid!, 'SIGKILL');
      await expect.poll(() => childPids(everythingScript).includes(pid!)).toBe(false);
      const after = await remote.call({ id: 'r', name: 'get_sum', args: { a: 1, b: 2 } });
      expect(after.functionResponse.response).toEqual({ output: expect.stringContaining('3') });
      const [respawned] = childPids(everythingScript);
      expect(respawned).toBeDefined();
      expect(respawned).not.toBe(pid);
    },
    budget(20_000),
  );

  it(
    'leaves no child process after close',
    async () => {
      const other = await connectMcp(
        { command: process.execPath, args: [everythingScript, 'stdio'], stderr: 'ignore' },
        { include: ['echo'] },
      );
      expect(other.tools().map((tool) => tool.name)).toEqual(['echo']);
      const before = childPids(everythingScript).length;
      await other.close();
      expect(childPids(everythingScript).length).toBe(before - 1);
      expect((await other.call({ name: 'echo', args: { message: 'x' } })).functionResponse.response).toMatchObject({
        error: { name: 'ServerUnavailable' },
      });
    },
    budget(20_000),
  );
});
