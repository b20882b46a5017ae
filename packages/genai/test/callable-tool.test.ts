import { reply, type FakeGeminiOptions } from '@toolwright/testing';
import { describe, expect, it } from 'vitest';
import { toCallableTool } from '../src/index.js';
import { bodies, fakeGemini } from './support/fake.js';
import { MathTools, ShoutTools, toolbox as bind } from './support/services.js';

const toolbox = bind(new MathTools());
// The SDK's own function-calling loop: only @google/genai's client has it.
const sdkFake = (options: FakeGeminiOptions) => fakeGemini(options, 'sdk');

describe('toCallableTool', () => {
  it("runs a Toolbox in the SDK's own loop: ids echoed, errors as responses", async () => {
    const { fake, client } = await sdkFake({
      script: [
        reply.functionCalls([
          { name: 'add', args: { a: 1, b: 2 }, id: 'x' },
          { name: 'fail', id: 'y' },
        ]),
        'Three, and one failure.',
      ],
    });
    const response = await client.models.generateContent({
      model: 'm',
      contents: 'go',
      config: { tools: [toCallableTool(toolbox)] },
    });
    expect(response.text).toBe('Three, and one failure.');
    const answers = bodies(fake)[1]!.contents[2].parts.map((part: any) => part.functionResponse);
    expect(answers).toEqual([
      { id: 'x', name: 'add', response: { output: 3 } },
      { id: 'y', name: 'fail', response: { error: { name: 'Error', message: 'nope' } } },
    ]);
    expect(bodies(fake)[0]!.tools).toEqual([{ functionDeclarations: toolbox.declarations() }]);
  });

  it('filters calls by name when several callable tools share the loop', async () => {
    const other = bind(new ShoutTools());
    const { fake, client } = await sdkFake({
      script: [
        reply.functionCalls([
          { name: 'shout', args: { text: 'hi' }, id: '1' },
          { name: 'add', args: { a: 2, b: 2 }, id: '2' },
        ]),
        'done',
      ],
    });
    await client.models.generateContent({
      model: 'm',
      contents: 'go',
      config: {
        tools: [toCallableTool(toolbox, { unknownCalls: 'skip' }), toCallableTool(other, { unknownCalls: 'skip' })],
      },
    });
    const answers = bodies(fake)[1]!.contents[2].parts.map((part: any) => [
      part.functionResponse.id,
      part.functionResponse.response,
    ]);
    // The SDK asks each callable tool in turn; each answered only its own call.
    expect(answers).toEqual([
      ['2', { output: 4 }],
      ['1', { output: 'HI' }],
    ]);
  });

  it(
    'answers a made-up tool name with an error, ' + 'so the request stays valid and the model can correct itself',
    async () => {
      const { fake, client } = await sdkFake({
        script: [
          reply.functionCalls([
            { name: 'add', args: { a: 1, b: 1 }, id: 'ok' },
            { name: 'addd', args: { a: 1, b: 1 }, id: 'typo' },
          ]),
          'Two.',
        ],
      });
      const response = await client.models.generateContent({
        model: 'm',
        contents: 'go',
        config: { tools: [toCallableTool(toolbox)] },
      });
      expect(response.text).toBe('Two.');
      const answers = bodies(fake)[1]!.contents[2].parts.map((part: any) => part.functionResponse);
      expect(answers[0]).toEqual({ id: 'ok', name: 'add', response: { output: 2 } });
      expect(answers[1].id).toBe('typo');
      expect(answers[1].response.error.message).toMatch(/add/);
    },
  );

  it('works in the streaming loop too', async () => {
    const { fake, client } = await sdkFake({
      script: [reply.functionCall('add', { a: 5, b: 5 }, { id: 's' }), 'Ten.'],
    });
    const stream = await client.models.generateContentStream({
      model: 'm',
      contents: 'go',
      config: { tools: [toCallableTool(toolbox)] },
    });
    let text = '';
    for await (const chunk of stream)
      for (const part of chunk.candidates?.[0]?.content?.parts ?? []) text += part.text ?? '';
    expect(text).toBe('Ten.');
    expect(bodies(fake)[1]!.contents[2].parts[0].functionResponse).toEqual({
      id: 's',
      name: 'add',
      response: { output: 10 },
    });
  });
});
