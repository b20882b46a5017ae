// A tool that answers with an image: the Agent sends it to Gemini as an inline-data part of the function response,
// over the real @google/genai client to FakeGemini (which checks the wire shape as the API does).
import { GoogleGenAI } from '@google/genai';
import { defineTool, imageContent, Toolbox, toolContent } from '@toolwright/core';
import { Agent } from '@toolwright/genai';
import { reply, startFakeGemini } from '@toolwright/testing';
import { expect, it } from 'vitest';

const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

it('an image a tool returns reaches the model as an inline-data part of the function response', async () => {
  const chart = defineTool({
    name: 'chart',
    description: 'Draws the chart.',
    parameters: { type: 'object', properties: {} },
    handler: () => toolContent(['The chart:', imageContent(png, 'image/png')]),
  });
  const fake = await startFakeGemini({
    script: [reply.functionCall('chart', {}, { id: 'c1' }), reply.text('A red dot.')],
  });
  try {
    const client = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });
    const agent = new Agent({ client, model: 'gemini-3-flash-preview', tools: new Toolbox([chart]) });
    const result = await agent.run('Draw the chart');
    expect(result.text).toBe('A red dot.');
    expect(fake.turns[1]!.functionResponses).toEqual([
      {
        id: 'c1',
        name: 'chart',
        response: { output: 'The chart:' },
        parts: [{ inlineData: { mimeType: 'image/png', data: png } }],
      },
    ]);
  } finally {
    await fake.close();
  }
});

it('an image past maxMediaSize never reaches the model: the output says it was left out', async () => {
  const huge = defineTool({
    name: 'photo',
    description: 'Answers with a 12 MB image and a small one.',
    parameters: { type: 'object', properties: {} },
    handler: () => toolContent([imageContent('A'.repeat(12_000_000), 'image/png'), imageContent(png, 'image/png')]),
  });
  const fake = await startFakeGemini({
    script: [reply.functionCall('photo', {}, { id: 'c1' }), reply.text('Only the small one.')],
  });
  try {
    const client = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });
    const agent = new Agent({ client, model: 'gemini-3-flash-preview', tools: new Toolbox([huge]) });
    expect((await agent.run('Show the photo')).text).toBe('Only the small one.');
    expect(fake.turns[1]!.functionResponses).toEqual([
      {
        id: 'c1',
        name: 'photo',
        response: {
          output: expect.stringMatching(
            /^\[image\/png, 12,000,000 characters of base64, left out: .*\(maxMediaSize\)\]$/,
          ),
        },
        parts: [{ inlineData: { mimeType: 'image/png', data: png } }],
      },
    ]);
    expect(JSON.stringify(fake.requests[1]).length).toBeLessThan(10_000);
  } finally {
    await fake.close();
  }
});
