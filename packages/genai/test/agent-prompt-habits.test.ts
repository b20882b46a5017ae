import { reply, type FakeRequest } from '@toolwright/testing';
import { describe, expect, it } from 'vitest';
import { Agent, type AgentEvent } from '../src/index.js';
import { fakeGemini } from './support/fake.js';
import { MathTools, toolbox, WeatherTools } from './support/services.js';

// How open models really write, through the real Agent on FakeGemini (issue 32, item 3).
const lastText = (request: FakeRequest) => request.lastContent?.parts?.at(-1)?.text ?? '';

describe('prompt mode reads open models as they write', () => {
  it("runs Gemma's print(default_api...) calls; code that is no call gets feedback naming only real tools", async () => {
    const { fake, client } = await fakeGemini({
      script: [
        reply.text('```tool_code\nprint(default_api.getWeather(city="Rome"))\n```'),
        (request) => {
          expect(lastText(request)).toContain('"tempC":4');
          return reply.text('```tool_code\nprint("thinking about it")\n```');
        },
        (request) => {
          const feedback = lastText(request);
          expect(feedback).toContain('UnparsableCall');
          // The example in the feedback calls a tool that exists, never `print`.
          expect(feedback).toMatch(/\[(getWeather|add)\(/);
          expect(feedback).not.toMatch(/form \[print\(/);
          return reply.text('Rome is clear.');
        },
      ],
    });
    const agent = new Agent({
      client,
      model: 'gemma-3-27b-it',
      tools: toolbox(new WeatherTools(), new MathTools()),
      calling: { mode: 'prompt', format: 'python' },
    });
    const events: AgentEvent[] = [];
    const result = await agent.run('Weather in Rome?', { onEvent: (event) => events.push(event) });
    expect(events.flatMap((event) => (event.type === 'tool_call' ? [[event.name, event.args]] : []))).toEqual([
      ['getWeather', { city: 'Rome' }],
    ]);
    expect(result.text).toBe('Rome is clear.');
    fake.assertScriptUsed();
  });

  it('converts numbers written as strings by the schema, so the call runs at once', async () => {
    const { fake, client } = await fakeGemini({
      script: [
        reply.text('TOOL_CALL: add({"a": "2", "b": "3.5"})'),
        (request) => {
          expect(lastText(request)).toContain('"output":5.5');
          return reply.text('5.5');
        },
      ],
    });
    const agent = new Agent({
      client,
      model: 'gemma-3-27b-it',
      tools: toolbox(new MathTools()),
      calling: { mode: 'prompt', format: 'tool-call' },
    });
    const result = await agent.run('2 + 3.5?');
    expect(result.text).toBe('5.5');
    expect(result.steps[0]!.calls.map((call) => [call.name, call.args])).toEqual([['add', { a: 2, b: 3.5 }]]);
    fake.assertScriptUsed();
  });

  it('streamed: runs Qwen3-Coder XML calls typed by the schema, and nothing from the turns the model made up after', async () => {
    const { fake, client } = await fakeGemini({
      stream: { textEvents: 40 },
      script: [
        reply.text(
          'Adding.\n<tool_call>\n<function=add>\n<parameter=a>\n2\n</parameter>\n<parameter=b>\n3.5\n</parameter>\n' +
            '</function>\n</tool_call><|im_end|>\n<|im_start|>tool\n{"output": 5.5}<|im_end|>\n<|im_start|>assistant\n' +
            '<tool_call>\n{"name": "double", "arguments": {"n": 100}}\n</tool_call>',
        ),
        (request) => {
          expect(lastText(request)).toContain('"output":5.5');
          return reply.text('5.5');
        },
      ],
    });
    const agent = new Agent({
      client,
      model: 'qwen3-coder',
      tools: toolbox(new MathTools()),
      calling: { mode: 'prompt', format: 'json' },
    });
    const calls: unknown[] = [];
    let shown = '';
    for await (const event of agent.stream('2 + 3.5?')) {
      if (event.type === 'tool_call') calls.push([event.name, event.args]);
      if (event.type === 'text') shown += event.text;
    }
    expect(calls).toEqual([['add', { a: 2, b: 3.5 }]]);
    // The made-up turns are prose the user sees; no call syntax of the model's own call is.
    expect(shown).not.toContain('<function=add>');
    expect(shown).toContain('<|im_start|>tool');
    fake.assertScriptUsed();
  });
});
