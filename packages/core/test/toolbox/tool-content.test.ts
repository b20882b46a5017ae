import { describe, expect, it } from 'vitest';
import {
  audioContent,
  defineTool,
  imageContent,
  resourceContent,
  Toolbox,
  toolContent,
  toolContentOf,
  type FunctionResponsePart,
} from '@toolwright/core';

const none = { type: 'object', properties: {} } as const;
const answering = (result: () => unknown, options = {}) =>
  new Toolbox(
    [defineTool({ name: 'media', description: 'Answers with media.', parameters: none, handler: result })],
    options,
  );

describe('toolContent: a tool that answers with images, audio and resources', () => {
  it('becomes output text, attachments and inline-data parts for Gemini, and keeps its blocks for MCP', async () => {
    const png = new Uint8Array([137, 80, 78, 71, 0, 255]);
    const content = toolContent([
      'A chart of the week:',
      imageContent(png, 'image/png'),
      audioContent('UklGRg==', 'audio/wav'),
      resourceContent('test://notes', 'the notes', 'text/plain'),
      resourceContent('test://photo', new Uint8Array([1, 2, 3]), 'image/jpeg'),
      resourceContent('test://report', new Uint8Array([4, 5]), 'application/pdf'),
    ]);
    const part = await answering(() => content).call({ id: 'c1', name: 'media', args: {} });
    expect(part).toEqual({
      functionResponse: {
        id: 'c1',
        name: 'media',
        response: {
          output: {
            result: 'A chart of the week:',
            attachments: [
              { resource: { uri: 'test://notes', mimeType: 'text/plain', text: 'the notes' } },
              { resource: { uri: 'test://report', mimeType: 'application/pdf', binary: true } },
            ],
          },
        },
        parts: [
          { inlineData: { mimeType: 'image/png', data: btoa(String.fromCharCode(...png)) } },
          { inlineData: { mimeType: 'audio/wav', data: 'UklGRg==' } },
          { inlineData: { mimeType: 'image/jpeg', data: 'AQID' } },
        ],
      },
    });
    expect(toolContentOf(part)).toBe(content.blocks);
    expect(toolContentOf(await answering(() => 'plain').call({ name: 'media', args: {} }))).toBeUndefined();
  });

  it('says how many media parts there are when there is no text, and cuts long text like any result', async () => {
    const image = await answering(() => toolContent([imageContent('AAAA', 'image/png')])).call({ name: 'media' });
    expect(image.functionResponse.response).toEqual({ output: '1 media part attached' });
    const long = await answering(() => toolContent(['x'.repeat(5_000)]), { maxResultSize: 100 }).call({
      name: 'media',
    });
    expect(long.functionResponse.response).toMatchObject({ truncated: true });
    expect(JSON.stringify(long.functionResponse.response).length).toBeLessThan(300);
  });

  it('a malformed block is the call error, not a crash', async () => {
    const malformed: Array<[string, () => unknown, RegExp]> = [
      ['not base64', () => toolContent([{ type: 'image', data: 'not base64!', mimeType: 'image/png' }]), /base64/],
      ['no media type', () => toolContent([{ type: 'audio', data: 'AA==', mimeType: 'wav' }]), /mimeType/],
      ['an unknown type', () => toolContent([{ type: 'video' } as never]), /text, image, audio or resource/],
      [
        'a resource without a body',
        () => toolContent([{ type: 'resource', resource: { uri: 'x' } } as never]),
        /text, or a blob/,
      ],
      ['null', () => toolContent([null as never]), /object or a string/],
    ];
    for (const [, make, message] of malformed) {
      const part: FunctionResponsePart = await answering(make).call({ name: 'media', args: {} });
      expect(part.functionResponse.response).toMatchObject({ error: { name: 'TypeError', message } });
      expect(part.functionResponse.parts).toBeUndefined();
    }
  });
});
