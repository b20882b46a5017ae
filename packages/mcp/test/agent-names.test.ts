// Names across an Agent's toolboxes, a local Toolbox beside an imported MCP server (the real Agent on the real
// @google/genai client against FakeGemini): a misspelt name gets "Did you mean" from every toolbox, and a name two
// toolboxes declare is refused with both sources and the fix.
import { defineTool, Toolbox } from '@toolwright/core';
import { Agent } from '@toolwright/genai';
import { connectMcp } from '@toolwright/mcp';
import { reply } from '@toolwright/testing';
import { describe, expect, it } from 'vitest';
import { fakeGemini } from './support/fake.js';
import { hostileClient } from './support/hostile-server.js';

const forecast = defineTool<{ city: string }>({
  name: 'forecast',
  description: 'The forecast for a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  handler: ({ city }) => `sunny in ${city}`,
});

describe('names across toolboxes', () => {
  it('answers a misspelt name with the closest names of every toolbox', async () => {
    const { client: mcp } = await hostileClient();
    const remote = await connectMcp(mcp);
    const { fake, client } = await fakeGemini({
      script: [
        reply.functionCall('flod', {}, { id: 'a' }),
        reply.functionCall('forcast', { city: 'Oslo' }, { id: 'b' }),
        'Done.',
      ],
    });
    try {
      const agent = new Agent({ client, model: 'gemini-2.5-flash', tools: [new Toolbox([forecast]), remote] });
      await agent.run('Go.');
      const [first] = fake.turns[1]!.functionResponses;
      const [second] = fake.turns[2]!.functionResponses;
      expect(first!.response).toMatchObject({
        error: { name: 'UnknownTool', closest: ['flood'], message: expect.stringContaining('Did you mean "flood"?') },
      });
      expect(second!.response).toMatchObject({ error: { name: 'UnknownTool', closest: ['forecast'] } });
      expect((second!.response as { error: { message: string } }).error.message).toContain(
        'Available tools: forecast, flood',
      );
    } finally {
      await fake.close();
      await mcp.close();
    }
  });

  it('refuses a name two toolboxes declare, naming both and the fix', async () => {
    const { client: mcp } = await hostileClient();
    const remote = await connectMcp(mcp);
    const local = defineTool({
      name: 'flood',
      description: 'A local flood.',
      parameters: { type: 'object' },
      handler: () => 1,
    });
    const { client } = await fakeGemini({ script: [] });
    expect(() => new Agent({ client, model: 'gemini-2.5-flash', tools: [new Toolbox([local]), remote] })).toThrow(
      'Agent option tools: the function name "flood" is declared twice, by toolbox 1 (defineTool "flood") and by toolbox 2 (tool "flood" ' +
        'of MCP server "hostile"): import the tools of MCP server "hostile" under a prefix ' +
        '(connectMcp(target, { prefix: \'hostile_\' })) or leave this one out (connectMcp(target, { exclude: ["flood"] }))',
    );
    const prefixed = await connectMcp(mcp, { prefix: 'hostile_' });
    expect(
      () => new Agent({ client, model: 'gemini-2.5-flash', tools: [new Toolbox([local]), prefixed] }),
    ).not.toThrow();
    await mcp.close();
  });
});
