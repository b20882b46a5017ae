import { reply } from '@toolwright/testing';
import { describe, expect, it } from 'vitest';
import { Agent, type AgentEvent } from '../src/index.js';
import { bodies, fakeGemini } from './support/fake.js';
import { ShoutTools, toolbox, WeatherTools } from './support/services.js';

const weather = toolbox(new WeatherTools());

describe('Agent.run', () => {
  it('runs parallel calls, sends the model turn back as received and answers in call order with ids', async () => {
    const { fake, client } = await fakeGemini({
      thinking: true,
      script: [
        reply.functionCalls(
          [
            { name: 'getWeather', args: { city: 'Boston' }, id: 'c1' },
            { name: 'getWeather', args: { city: 'Paris' }, id: 'c2' },
            { name: 'getWeather', args: { city: 'Tokyo' }, id: 'c3' },
          ],
          { text: 'Checking three cities.' },
        ),
        reply.text('Boston 6, Paris 5, Tokyo 5.'),
      ],
    });
    const agent = new Agent({ client, model: 'gemini-2.5-flash', tools: weather });
    const result = await agent.run('Weather in Boston, Paris and Tokyo?');

    expect(result.text).toBe('Boston 6, Paris 5, Tokyo 5.');
    expect(result.stopReason).toBe('stop');
    fake.assertScriptUsed();
    const [first, second] = bodies(fake);
    expect(second!.contents.slice(0, 1)).toEqual(first!.contents);

    // The model turn goes back as it came: the signature only on the first call part, which it arrived on.
    const modelTurn = second!.contents[1];
    expect(modelTurn).toEqual(result.history[1]);
    const signed = modelTurn.parts.filter((part: { thoughtSignature?: string }) => part.thoughtSignature);
    expect(signed).toHaveLength(1);
    expect(signed[0].functionCall.id).toBe('c1');

    const answers = second!.contents[2];
    expect(answers.role).toBe('user');
    expect(answers.parts.map((part: any) => part.functionResponse.id)).toEqual(['c1', 'c2', 'c3']);
    expect(answers.parts.map((part: any) => part.functionResponse.response.output.city)).toEqual([
      'Boston',
      'Paris',
      'Tokyo',
    ]);
    expect(result.history).toHaveLength(4);
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0]!.calls.map((call) => [call.callId, call.ok, call.outcome])).toEqual([
      ['c1', true, 'ran'],
      ['c2', true, 'ran'],
      ['c3', true, 'ran'],
    ]);
    expect(result.usage.requests).toBe(2);
    expect(result.usage.totalTokenCount).toBeGreaterThan(0);
  });

  it('turns off the SDK loop and sends the declarations, system instruction and config', async () => {
    const { fake, client } = await fakeGemini({ script: ['Hi.'] });
    const agent = new Agent({
      client,
      model: 'gemini-2.5-flash',
      tools: [weather, { googleSearch: {} }],
      systemInstruction: 'Be brief.',
      config: { temperature: 0.2 },
    });
    await agent.run('Hello');
    const [body] = bodies(fake);
    expect(body!.tools).toEqual([{ functionDeclarations: weather.declarations() }, { googleSearch: {} }]);
    expect(body!.systemInstruction.parts[0].text).toBe('Be brief.');
    expect(body!.generationConfig.temperature).toBe(0.2);
  });

  it('refuses more than 512 declarations before anything is sent (Gemini would answer 400)', async () => {
    const { fake, client } = await fakeGemini({ script: ['never sent'] });
    const many = {
      declarations: () => Array.from({ length: 513 }, (_, i) => ({ name: `tool_${i}`, description: 'one of many' })),
      has: () => true,
      call: async () => ({ functionResponse: { name: 'x', response: { output: null } } }),
    };
    expect(() => new Agent({ client, model: 'm', tools: many })).toThrow(/513 function declarations.*at most 512/);
    expect(fake.requests).toHaveLength(0);
  });

  it('makes up call ids when the model sends none, and echoes none', async () => {
    const { fake, client } = await fakeGemini({
      script: [reply.functionCalls([{ name: 'getWeather', args: { city: 'Oslo' } }]), 'Cold.'],
    });
    const events: AgentEvent[] = [];
    const agent = new Agent({ client, model: 'm', tools: weather, onEvent: (event) => events.push(event) });
    const result = await agent.run('Oslo?');
    const response = bodies(fake)[1]!.contents[2].parts[0].functionResponse;
    expect(response.id).toBeUndefined();
    expect(response.name).toBe('getWeather');
    const call = events.find((event) => event.type === 'tool_call');
    expect(call).toMatchObject({ callId: `${result.runId}:1:0`, name: 'getWeather', args: { city: 'Oslo' } });
    expect(events.map((event) => event.type)).toEqual([
      'response',
      'tool_call',
      'tool_result',
      'turn_end',
      'response',
      'text',
      'turn_end',
      'done',
    ]);
    for (const event of events) expect(event.runId).toBe(result.runId);
  });

  it.each([
    ['SAFETY', 'safety'],
    ['RECITATION', 'safety'],
    ['MAX_TOKENS', 'max_tokens'],
    ['TOO_MANY_TOOL_CALLS', 'too_many_tool_calls'],
    ['LANGUAGE', 'other'],
  ])('maps finish reason %s to stop reason %s, keeping the text', async (finishReason, stopReason) => {
    const { client } = await fakeGemini({
      script: [reply.finish(finishReason, { parts: [{ text: 'partial answer' }] })],
    });
    const result = await new Agent({ client, model: 'm' }).run('hi');
    expect(result.stopReason).toBe(stopReason);
    expect(result.finishReason).toBe(finishReason);
    expect(result.text).toBe('partial answer');
  });

  it('sends the tools a Toolbox has at the start of each run (tools added or removed between runs)', async () => {
    const { fake, client } = await fakeGemini({ script: ['one', 'two', 'three'] });
    const tools = toolbox(new WeatherTools());
    const agent = new Agent({ client, model: 'm', tools });
    const names = () =>
      bodies(fake)
        .at(-1)!
        .tools![0].functionDeclarations.map((declaration: { name: string }) => declaration.name);
    await agent.run('1');
    expect(names()).toEqual(['getWeather']);
    tools.add(new ShoutTools());
    await agent.run('2');
    expect(names()).toEqual(['getWeather', 'shout']);
    tools.remove('getWeather');
    await agent.run('3');
    expect(names()).toEqual(['shout']);
  });
});
