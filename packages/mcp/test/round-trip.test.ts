// serve -> import -> Agent: a Toolbox served over MCP (HTTP in this process, stdio in a child) and imported again
// with connectMcp behaves for the Agent as the Toolbox itself: ids echoed, structured results, errors, progress
// and cancellation crossing both ends; and the SDK's own loop through toCallableTool.
import { Toolbox } from '@toolwright/core';
import { Agent, toCallableTool } from '@toolwright/genai';
import { connectMcp, serveMcp, type HttpServe, type McpToolbox } from '@toolwright/mcp';
import { reply } from '@toolwright/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Calculator, manifest } from './support/calculator.js';
import { calculatorScript, tsNode } from './support/processes.js';
import { fakeGemini } from './support/fake.js';
import { budget } from '../../../test/support/time-budget.js';

describe('serve -> import -> Agent', () => {
  let calculator: Calculator;
  let served: HttpServe;
  let remote: McpToolbox;
  let overStdio: McpToolbox;
  beforeAll(async () => {
    calculator = new Calculator();
    served = await serveMcp(new Toolbox([calculator], manifest), { transport: 'http', port: 0 });
    remote = await connectMcp({ url: served.url }, { prefix: 'calc_' });
    overStdio = await connectMcp({
      command: tsNode.command,
      args: [...tsNode.args, calculatorScript, 'stdio'],
      cwd: tsNode.cwd,
    });
  }, budget(30_000));
  afterAll(async () => {
    await remote?.close();
    await overStdio?.close();
    await served?.close();
  });

  it('declares what the local Toolbox declares, under the prefix', () => {
    const local = new Toolbox([new Calculator()], manifest);
    for (const dialect of ['openapi', 'json-schema'] as const) {
      const imported = remote
        .declarations({ dialect })
        .map(({ name, ...rest }) => ({ name: name.replace(/^calc_/, ''), ...rest }));
      expect(imported).toEqual(
        local.declarations({ dialect }).map((declaration) => ({
          ...declaration,
          ...(dialect === 'json-schema'
            ? { parametersJsonSchema: withoutDialect(declaration.parametersJsonSchema) }
            : {}),
        })),
      );
    }
    expect(overStdio.tools().map((tool) => [tool.name, tool.annotations?.readOnlyHint])).toEqual([
      ['add', true],
      ['weather', undefined],
      ['fail', undefined],
      ['slow', undefined],
      ['stats', undefined],
    ]);
  });

  it('runs an Agent over both transports', async () => {
    const { fake, client } = await fakeGemini({
      script: [
        reply.functionCalls([
          { name: 'calc_add', args: { a: 1, b: 2 }, id: 'a' },
          { name: 'weather', args: { city: 'Lima' }, id: 'w' },
          { name: 'fail', args: { reason: 'why' }, id: 'f' },
        ]),
        'done',
      ],
    });
    try {
      const local = new Toolbox([new Calculator()], manifest);
      local.remove('weather');
      local.remove('fail');
      const only = (names: string[]) => ({
        declarations: (o?: { dialect?: 'openapi' | 'json-schema' }) =>
          overStdio.declarations(o).filter((d) => names.includes(d.name)),
        call: overStdio.call.bind(overStdio),
        has: (name: string) => names.includes(name),
      });
      const agent = new Agent({ client, model: 'gemini-2.5-flash', tools: [remote, only(['weather', 'fail'])] });
      expect((await agent.run('go')).text).toBe('done');
      expect(fake.turns[1]!.functionResponses).toEqual([
        { id: 'a', name: 'calc_add', response: { output: 3 } },
        { id: 'w', name: 'weather', response: { output: { city: 'Lima', celsius: 4 } } },
        { id: 'f', name: 'fail', response: { error: { name: 'RangeError', message: 'failed on purpose: why' } } },
      ]);
    } finally {
      await fake.close();
    }
  });

  it('carries progress to the caller and cancellation to the served tool', async () => {
    const progress: number[] = [];
    const done = await remote.call(
      { name: 'calc_slow', args: { ms: 450, step: 150 } },
      { onProgress: (update) => progress.push(update.progress) },
    );
    expect(done.functionResponse.response).toEqual({ output: 'done' });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const stopped = await remote.call(
      { name: 'calc_slow', args: { ms: 10_000, step: 50 } },
      { signal: controller.signal },
    );
    expect(stopped.functionResponse.response).toMatchObject({ error: { name: 'AbortError' } });
    await expect.poll(() => calculator.cancelled).toBe(1);
  });

  it("works in the SDK's own loop through toCallableTool", async () => {
    const { fake, client } = await fakeGemini({
      script: [reply.functionCall('calc_add', { a: 20, b: 22 }, { id: 'x' }), 'forty-two'],
    });
    try {
      const response = await client.models.generateContent({
        model: 'gemini-2.5-flash',
        contents: 'add',
        config: { tools: [toCallableTool(remote)] },
      });
      expect(response.text).toBe('forty-two');
      expect(fake.turns[1]!.functionResponses).toEqual([{ id: 'x', name: 'calc_add', response: { output: 42 } }]);
    } finally {
      await fake.close();
    }
  });
});

/** The manifest's JSON Schema as parametersJsonSchema, minus `$schema` (which the import side leaves out). */
function withoutDialect(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const { $schema: _schema, ...rest } = schema as Record<string, unknown>;
  return rest;
}
