import { reply, type FakeRequest } from '@toolwright/testing';
import { describe, expect, it } from 'vitest';
import { Agent, AgentApiError, type AgentEvent, type AgentResult } from '../src/index.js';
import { FORMATS, type CallFormat } from '../src/prompt-calling.js';
import { bodies, fakeGemini } from './support/fake.js';
import { MathTools, toolbox, WeatherTools } from './support/services.js';

const GEMMA = 'gemma-3-27b-it';
const formats: CallFormat[] = ['tool-call', 'python', 'json'];
const call = (format: CallFormat, name: string, args: Record<string, unknown>) => FORMATS[format].call(name, args);

/** What the request's last turn said last (in a first turn the prompt comes before the user's words). */
const lastText = (request: FakeRequest) => request.lastContent?.parts?.at(-1)?.text ?? '';

async function collect(stream: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const texts = (events: AgentEvent[]) => events.flatMap((event) => (event.type === 'text' ? [event.text] : []));

describe('Agent with prompt-based calling (Gemma on FakeGemini)', () => {
  for (const format of formats) {
    describe(format, () => {
      it('runs calls from the text, sends results back as text, answers; no call syntax in text events', async () => {
        const { fake, client } = await fakeGemini({
          stream: { textEvents: 40 },
          script: [
            (request) => {
              // The prompt is in the first user turn (Gemma takes no system instruction), with the user's own.
              expect(request.body.tools).toBeUndefined();
              expect(request.body.generationConfig?.stopSequences).toEqual(['END', FORMATS[format].stop]);
              expect(request.body.systemInstruction).toBeUndefined();
              const prompt = request.contents[0]!.parts![0]!.text!;
              expect(prompt).toContain('Answer like a pirate.');
              expect(prompt).toContain('getWeather(city: string)');
              expect(prompt).toContain(call(format, 'getWeather', { city: 'text' }));
              return reply.text(
                `Let me look.\n${call(format, 'getWeather', { city: 'Rome' })}\n` +
                  `${call(format, 'add', { a: 2, b: 3 })}\n`,
              );
            },
            (request) => {
              const results = lastText(request);
              expect(results).toContain('"tempC":4');
              expect(results).toContain('"output":5');
              return reply.text('Arr, Rome is clear and 2 + 3 is 5.');
            },
          ],
        });
        const agent = new Agent({
          client,
          model: GEMMA,
          tools: toolbox(new WeatherTools(), new MathTools()),
          systemInstruction: 'Answer like a pirate.',
          config: { stopSequences: ['END'] },
          calling: { mode: 'prompt', format },
        });
        const stream = agent.stream('Weather in Rome, and 2 + 3?');
        const events = await collect(stream);
        const result = await stream.result;

        expect(result.text).toBe('Arr, Rome is clear and 2 + 3 is 5.');
        expect(result.stopReason).toBe('stop');
        const shown = texts(events);
        expect(shown.join('')).toBe('Let me look.\nArr, Rome is clear and 2 + 3 is 5.');
        for (const piece of shown) expect(piece).not.toMatch(/TOOL_CALL|tool_call|getWeather\(|add\(/);
        // The answer streams in pieces.
        expect(events.filter((event) => event.type === 'text' && event.turn === 2).length).toBeGreaterThan(1);
        const calls = events.flatMap((event) =>
          event.type === 'tool_call' ? [[event.name, event.args, event.index]] : [],
        );
        expect(calls).toEqual([
          ['getWeather', { city: 'Rome' }, 0],
          ['add', { a: 2, b: 3 }, 1],
        ]);
        expect(
          events
            .filter((event) => event.type === 'tool_result')
            .every((event) => event.type === 'tool_result' && event.ok),
        ).toBe(true);
        expect(result.steps[0]!.calls.map((record) => record.name)).toEqual(['getWeather', 'add']);
        expect(result.usage.requests).toBe(2);
        expect(result.usage.totalTokenCount).toBeGreaterThan(0);

        // History: the model's turn as written, the results as one user text turn in the format's convention.
        const [, modelTurn, results, answer] = result.history;
        expect(modelTurn!.parts!.map((part) => part.text).join('')).toContain(
          call(format, 'getWeather', { city: 'Rome' }),
        );
        expect(results!.role).toBe('user');
        expect(results!.parts).toHaveLength(1);
        expect(results!.parts![0]!.text).toBe(
          FORMATS[format].results([
            { index: 1, name: 'getWeather', response: { output: { city: 'Rome', tempC: 4, sky: 'clear' } } },
            { index: 2, name: 'add', response: { output: 5 } },
          ]),
        );
        expect(answer!.role).toBe('model');
        // The user's history holds no prompt: it is added to each request only.
        expect(result.history[0]!.parts).toEqual([{ text: 'Weather in Rome, and 2 + 3?' }]);
        fake.assertScriptUsed();
      });

      it('sends invalid arguments back as a validation error, then runs the corrected call', async () => {
        const { fake, client } = await fakeGemini({
          script: [
            reply.text(call(format, 'getWeather', { city: 5 })),
            (request) => {
              expect(lastText(request)).toMatch(/error/);
              expect(lastText(request)).toMatch(/city/);
              return reply.text(call(format, 'getWeather', { city: 'Oslo' }));
            },
            'Oslo is clear.',
          ],
        });
        const agent = new Agent({
          client,
          model: GEMMA,
          tools: toolbox(new WeatherTools()),
          calling: { mode: 'prompt', format },
        });
        const result = await agent.run('Oslo?');
        expect(result.steps.map((step) => step.calls.map((record) => record.ok))).toEqual([[false], [true], []]);
        expect(result.steps[0]!.calls[0]!.args).toEqual({ city: 5 });
        expect(result.text).toBe('Oslo is clear.');
        fake.assertScriptUsed();
      });

      it('answers an unknown name and a broken call with feedback, runs the good call, and goes on', async () => {
        const broken =
          format === 'python'
            ? '[getWeather(city=Oslo)]'
            : format === 'json'
              ? '<tool_call>{"name": "getWeather", "arguments": {city: Oslo}}</tool_call>'
              : 'TOOL_CALL: getWeather({"city": Oslo})';
        const { fake, client } = await fakeGemini({
          script: [
            reply.text(
              `${call(format, 'getWether', { city: 'Oslo' })}\n${broken}\n${call(format, 'add', { a: 1, b: 1 })}`,
            ),
            (request) => {
              const feedback = lastText(request);
              expect(feedback).toContain('UnknownTool');
              expect(feedback).toContain('Did you mean \\"getWeather\\"');
              expect(feedback).toContain('UnparsableCall');
              expect(feedback).toContain('"output":2');
              return reply.text(call(format, 'getWeather', { city: 'Oslo' }));
            },
            'Done.',
          ],
        });
        const agent = new Agent({
          client,
          model: GEMMA,
          tools: toolbox(new WeatherTools(), new MathTools()),
          calling: { mode: 'prompt', format },
        });
        const events: AgentEvent[] = [];
        const result = await agent.run('Oslo?', { onEvent: (event) => events.push(event) });
        // Only calls that can run are tool calls; the others were answered with feedback, never with `{}` arguments.
        expect(
          events.filter((event) => event.type === 'tool_call').map((event) => event.type === 'tool_call' && event.name),
        ).toEqual(['add', 'getWeather']);
        expect(result.text).toBe('Done.');
        fake.assertScriptUsed();
      });
    });
  }

  it("'auto': prompt mode for gemma-* at once; another model switches after the API's 400, once", async () => {
    const refused: string[] = [];
    const { fake, client } = await fakeGemini({
      handler: (request) => {
        if (request.body.tools) {
          refused.push(request.model);
          return reply.error(400, { message: `Function calling is not enabled for models/${request.model}` });
        }
        return /TOOL_RESULT|tool_output/.test(lastText(request))
          ? 'It is clear.'
          : reply.text(call('tool-call', 'getWeather', { city: 'Rome' }));
      },
    });
    const tools = toolbox(new WeatherTools());
    const gemma = new Agent({ client, model: GEMMA, tools });
    expect((await gemma.run('Rome?')).text).toBe('It is clear.');
    expect(refused).toEqual([]);

    const other = new Agent({ client, model: 'tiny-model', tools, retry: false });
    const events: AgentEvent[] = [];
    const first = await other.run('Rome?', { onEvent: (event) => events.push(event) });
    expect(first.text).toBe('It is clear.');
    expect(first.steps[0]!.calls[0]).toMatchObject({ name: 'getWeather', ok: true });
    expect(first.steps[0]!.retries).toBe(0);
    expect(events.some((event) => event.type === 'retry')).toBe(false);
    await other.chat().send('And Oslo?');
    // One refusal, then every request of every run on this Agent in prompt mode: only the refused one had tools.
    expect(refused).toEqual(['tiny-model']);
    expect(fake.turns.filter((request) => request.body.tools).map((request) => request.model)).toEqual(['tiny-model']);

    // 'native' keeps native calling: the API's 400 is the run's error, with the way out.
    const native = new Agent({ client, model: 'tiny-model', tools, calling: 'native', retry: false });
    await expect(native.run('Rome?')).rejects.toBeInstanceOf(AgentApiError);
    await expect(native.run('Rome?')).rejects.toThrow(/tiny-model takes no native function calling on this API/);
  });

  it("'native' on gemma fails with FakeGemini's 400; a refused system instruction moves to the contents", async () => {
    const { client } = await fakeGemini({ handler: () => 'Hello.' });
    const tools = toolbox(new WeatherTools());
    const native = new Agent({ client, model: GEMMA, tools, calling: 'native', retry: false });
    const refused = native.run('Hi');
    await expect(refused).rejects.toThrow(`Function calling is not enabled for models/${GEMMA}`);
    // The message says how to get past it.
    await expect(refused).rejects.toThrow(
      `(${GEMMA} takes no native function calling on this API: with calling: 'auto' or 'prompt' the Agent ` +
        'describes the tools in the prompt and reads the calls from its text)',
    );
    expect((await new Agent({ client, model: GEMMA, tools, systemInstruction: 'Be brief.' }).run('Hi')).text).toBe(
      'Hello.',
    );

    const { fake: strict, client: other } = await fakeGemini({
      handler: (request) =>
        request.body.systemInstruction
          ? reply.error(400, { message: `Developer instruction is not enabled for models/${request.model}` })
          : 'Hello.',
    });
    const agent = new Agent({
      client: other,
      model: 'small-model',
      tools,
      calling: 'prompt',
      systemInstruction: 'Be brief.',
      retry: false,
    });
    expect((await agent.run('Hi')).text).toBe('Hello.');
    expect((await agent.run('Hi')).text).toBe('Hello.');
    expect(strict.requests.map((request) => request.status)).toEqual([400, 200, 200]);
    const sent = bodies(strict);
    expect(sent[1]!.systemInstruction).toBeUndefined();
    expect(sent[1]!.contents[0].parts[0].text).toMatch(/^Be brief\.\n\n# Tools/);
  });

  it('keeps a chat over three sends, streamed and not; the last turn of a limited run says tools are off', async () => {
    const { fake, client } = await fakeGemini({
      handler: (request) => {
        const question = request.contents.filter((content) => content.role === 'user').length;
        if (/TOOL_RESULT|Tools are off/.test(lastText(request))) return reply.text(`Answer ${question}.`);
        return reply.text(`Looking.\n${call('tool-call', 'add', { a: question, b: 1 })}`);
      },
    });
    const agent = new Agent({
      client,
      model: GEMMA,
      tools: toolbox(new MathTools()),
      calling: { mode: 'prompt', format: 'tool-call' },
    });
    const chat = agent.chat();
    const one = await chat.send('one');
    const twoStream = chat.stream('two');
    const twoEvents = await collect(twoStream);
    const three = await chat.send('three');
    expect(one.text).toBe('Answer 2.');
    expect(texts(twoEvents).join('')).toBe('Looking.\nAnswer 4.');
    expect(three.text).toBe('Answer 6.');
    expect(chat.history.map((content) => content.role)).toEqual([
      'user',
      'model',
      'user',
      'model',
      'user',
      'model',
      'user',
      'model',
      'user',
      'model',
      'user',
      'model',
    ]);
    // The last request carried the whole conversation as text (the prompt at its start, in the first user turn).
    const last = bodies(fake).at(-1)!;
    expect(last.contents).toHaveLength(12 - 1);
    expect(JSON.stringify(last.contents)).not.toContain('functionCall');

    // maxTurns: the last request's prompt says tools are off, and the run ends with max_turns.
    const limited = new Agent({
      client,
      model: GEMMA,
      tools: toolbox(new MathTools()),
      maxTurns: 1,
      calling: 'prompt',
    });
    const result = await limited.run('go');
    expect(result.stopReason).toBe('max_turns');
    const final = bodies(fake).at(-1)!;
    expect(final.contents[0].parts[0].text).toContain('Tools are off now');
    expect(final.contents[0].parts[0].text).not.toContain('add(');
    expect(final.contents.at(-1).parts.at(-1).text).toContain('Tools are off now');
  });

  it('hooks, abort and a native history work in prompt mode', async () => {
    const { client } = await fakeGemini({
      handler: (request) =>
        /TOOL_RESULT/.test(lastText(request))
          ? reply.text(`Seen: ${lastText(request).includes('CallDenied') ? 'denied' : 'ran'}`)
          : reply.text(call('tool-call', 'add', { a: 1, b: 2 })),
    });
    const agent = new Agent({
      client,
      model: GEMMA,
      tools: toolbox(new MathTools()),
      calling: { mode: 'prompt', format: 'tool-call' },
      beforeToolCall: (info) => (info.name === 'add' ? { deny: 'not today' } : undefined),
    });
    const denied: AgentResult = await agent.run('add');
    expect(denied.text).toBe('Seen: denied');
    expect(denied.steps[0]!.calls[0]!.outcome).toBe('denied');

    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(agent.run('add', { signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });

    // A history with native function turns (from a native model) is written as text for the prompt-mode model.
    const chat = new Agent({
      client,
      model: GEMMA,
      tools: toolbox(new MathTools()),
      calling: { mode: 'prompt', format: 'tool-call' },
    }).chat({
      history: [
        { role: 'user', parts: [{ text: 'add 1 and 2' }] },
        { role: 'model', parts: [{ functionCall: { id: 'x', name: 'add', args: { a: 1, b: 2 } } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'x', name: 'add', response: { output: 3 } } }] },
        { role: 'model', parts: [{ text: '3' }] },
      ],
    });
    expect((await chat.send('again')).text).toBe('Seen: ran');
  });

  it('says the tool mode in words: ANY asks for a call on the forced turn, NONE turns calls off', async () => {
    const { fake, client } = await fakeGemini({
      handler: (request) =>
        /TOOL_RESULT/.test(lastText(request)) ? 'Done.' : reply.text(call('tool-call', 'add', { a: 1, b: 2 })),
    });
    const options = {
      client,
      model: GEMMA,
      tools: toolbox(new MathTools()),
      calling: { mode: 'prompt' as const, format: 'tool-call' as const },
    };
    await new Agent({ ...options, toolConfig: { functionCallingConfig: { mode: 'ANY' as never } } }).run('go');
    const [forced, after] = bodies(fake);
    expect(forced!.contents.at(-1).parts.at(-1).text).toBe('\n\nAnswer this message with at least one tool call.');
    expect(JSON.stringify(after!.contents)).not.toContain('at least one tool call');
    expect(forced!.toolConfig).toBeUndefined();

    await new Agent({ ...options, toolConfig: { functionCallingConfig: { mode: 'NONE' as never } } }).run('go');
    const none = bodies(fake).at(-1)!;
    expect(none.contents[0].parts[0].text).toContain('Tools are off now');
  });
});
