import { reply } from '@toolwright/testing';
import { defineTool, tool, Toolbox, type ToolContext } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent, toCallableTool } from '../src/index.js';
import { bodies, fakeGemini } from './support/fake.js';

const convert = defineTool({
  name: 'convert',
  description: 'Converts a temperature.',
  parameters: z.object({ celsius: z.number(), to: z.enum(['fahrenheit', 'kelvin']).default('fahrenheit') }),
  handler: ({ celsius, to }) => (to === 'kelvin' ? celsius + 273.15 : (celsius * 9) / 5 + 32),
});

const note = defineTool<{ text: string }>({
  name: 'note',
  description: 'Keeps a note.',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  handler: ({ text }, context) => ({ kept: text, callId: context.callId }),
});

/** A tool that waits, then says whether its signal was aborted: for the time limits. */
const waiter = (name: string, timeoutMs?: number) =>
  defineTool<{ ms: number }>({
    name,
    parameters: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    handler: async ({ ms }, context: ToolContext) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return context.signal.aborted ? 'aborted' : 'done';
    },
  });

describe('an Agent with tools made by defineTool', () => {
  it('declares them, runs the calls the model makes and sends back results and errors', async () => {
    const { fake, client } = await fakeGemini({
      script: [
        reply.functionCalls([
          { name: 'convert', args: { celsius: 100 }, id: 'a' },
          { name: 'note', args: { text: 'boil' }, id: 'b' },
          { name: 'convert', args: { celsius: 'hot' }, id: 'c' },
        ]),
        'Water boils at 212 °F.',
      ],
    });
    const agent = new Agent({ client, model: 'gemini-2.5-flash', tools: new Toolbox([convert, note]) });
    const result = await agent.run('When does water boil, in fahrenheit?');
    expect(result.text).toBe('Water boils at 212 °F.');
    const [first, second] = bodies(fake);
    expect(first!.tools![0].functionDeclarations.map((declaration: { name: string }) => declaration.name)).toEqual([
      'convert',
      'note',
    ]);
    expect(first!.tools![0].functionDeclarations[0]).toMatchObject({
      name: 'convert',
      description: 'Converts a temperature.',
      parameters: {
        type: 'OBJECT',
        properties: { celsius: { type: 'NUMBER' }, to: { type: 'STRING', enum: ['fahrenheit', 'kelvin'] } },
        required: ['celsius'],
      },
    });
    const responses = second!.contents.at(-1).parts.map((part: { functionResponse: unknown }) => part.functionResponse);
    expect(responses[0]).toEqual({ id: 'a', name: 'convert', response: { output: 212 } });
    expect(responses[1]).toEqual({ id: 'b', name: 'note', response: { output: { kept: 'boil', callId: 'b' } } });
    expect(responses[2].response.error).toMatchObject({
      name: 'InvalidArguments',
      issues: [{ path: '/celsius', expected: 'number', received: 'string "hot"' }],
    });
  });

  it("a tool's own time limit wins over the Agent's toolTimeoutMs, which wins over the Toolbox's", async () => {
    const { fake, client } = await fakeGemini({
      script: [
        reply.functionCalls([
          { name: 'own', args: { ms: 300 }, id: 'own' },
          { name: 'agentLimited', args: { ms: 300 }, id: 'agent' },
          { name: 'named', args: { ms: 100 }, id: 'named' },
        ]),
        'ok',
      ],
    });
    class Decorated {
      @tool({
        timeoutMs: 20,
        parameters: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
      })
      async named(args: { ms: number }) {
        await new Promise((resolve) => setTimeout(resolve, args.ms));
        return 'done';
      }
    }
    const toolbox = new Toolbox([waiter('own', 20), waiter('agentLimited'), new Decorated()], { timeoutMs: 60_000 });
    const agent = new Agent({ client, model: 'm', tools: toolbox, toolTimeoutMs: { named: 5_000, '*': 30 } });
    await agent.run('wait');
    const responses = bodies(fake)[1]!
      .contents.at(-1)
      .parts.map((part: { functionResponse: { response: unknown } }) => part.functionResponse.response);
    expect(responses).toMatchObject([
      { error: { name: 'TimeoutError', message: 'Tool "own" did not finish within 20 ms', timeoutMs: 20 } },
      { error: { name: 'TimeoutError', message: 'Tool "agentLimited" did not finish within 30 ms', timeoutMs: 30 } },
      { error: { name: 'TimeoutError', message: 'Tool "named" did not finish within 20 ms', timeoutMs: 20 } },
    ]);
  });

  it("toCallableTool's timeoutMs is a default too", async () => {
    const callable = toCallableTool(new Toolbox([waiter('own', 20), waiter('other')]), { timeoutMs: 5_000 });
    const parts = await callable.callTool([
      { name: 'own', args: { ms: 300 }, id: '1' },
      { name: 'other', args: { ms: 1 }, id: '2' },
    ]);
    expect(parts.map((part) => part.functionResponse!.response)).toMatchObject([
      { error: { name: 'TimeoutError', message: 'Tool "own" did not finish within 20 ms', timeoutMs: 20 } },
      { output: 'done' },
    ]);
  });
});
