import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { reply } from '../src/index.js';
import { SKIP_THOUGHT_SIGNATURE } from '../src/rules/thought-signatures.js';
import { apiError, clientFor, collect, MODEL, useFakes } from './helpers.js';

const fakeWith = useFakes();

const tools = [{ functionDeclarations: [{ name: 'a' }, { name: 'b' }] }];
const question: Content = { role: 'user', parts: [{ text: 'go' }] };
const answers = (...names: string[]): Content => ({
  role: 'user',
  parts: names.map((name) => ({ functionResponse: { name, response: { output: name } } })),
});

describe('thinking-model emulation', () => {
  it('signs the first of parallel calls, and accepts the turn sent back as received (SDK chat)', async () => {
    const fake = await fakeWith({
      thinking: true,
      script: [reply.functionCalls([{ name: 'a' }, { name: 'b' }]), reply.text('done')],
    });
    const chat = clientFor(fake).chats.create({ model: MODEL, config: { tools } });
    const first = await chat.sendMessage({ message: 'go' });
    const parts = first.candidates![0]!.content!.parts!;
    expect(fake.signatures.knows(parts[0]!.thoughtSignature!)).toBe(true);
    expect(parts[1]!.thoughtSignature).toBeUndefined();
    const second = await chat.sendMessage({ message: answers('a', 'b').parts! });
    expect(second.text).toBe('done');
    expect(fake.signatures.knows(second.candidates![0]!.content!.parts!.at(-1)!.thoughtSignature!)).toBe(true);
  });

  it('tells two identical parallel calls without ids apart by position (SDK chat)', async () => {
    const twice = [
      { name: 'a', args: { q: 1 } },
      { name: 'a', args: { q: 1 } },
    ];
    const fake = await fakeWith({ thinking: true, script: [reply.functionCalls(twice), reply.text('done')] });
    const chat = clientFor(fake).chats.create({ model: MODEL, config: { tools } });
    const parts = (await chat.sendMessage({ message: 'go' })).candidates![0]!.content!.parts!;
    expect(parts.map((part) => part.functionCall)).toEqual(twice);
    expect(parts.map((part) => part.thoughtSignature === undefined)).toEqual([false, true]);
    expect((await chat.sendMessage({ message: answers('a', 'a').parts! })).text).toBe('done');
  });

  it('signed identical calls must each come back with their own signature', async () => {
    const twice = [{ name: 'a' }, { name: 'a' }];
    const fake = await fakeWith({
      thinking: true,
      script: [reply.functionCalls(twice, { thoughtSignature: 'each' }), reply.text('done')],
    });
    const ai = clientFor(fake);
    const parts = (await ai.models.generateContent({ model: MODEL, contents: [question], config: { tools } }))
      .candidates![0]!.content!.parts!;
    const dropped: Content = { role: 'model', parts: [parts[0]!, { functionCall: parts[1]!.functionCall! }] };
    const missing = await apiError(
      ai.models.generateContent({ model: MODEL, contents: [question, dropped, answers('a', 'a')], config: { tools } }),
      400,
    );
    expect(missing.message).toMatch(
      /^Function call is missing a thought_signature in functionCall parts at 'contents\[1\]\.parts\[1\]'/,
    );
    const swapped: Content = { role: 'model', parts: [parts[1]!, parts[0]!] };
    const moved = await apiError(
      ai.models.generateContent({ model: MODEL, contents: [question, swapped, answers('a', 'a')], config: { tools } }),
      400,
    );
    expect(moved.message).toContain("'contents[1].parts[0].thought_signature' was issued on another part");
    const ok = await ai.models.generateContent({
      model: MODEL,
      contents: [question, { role: 'model', parts }, answers('a', 'a')],
      config: { tools },
    });
    expect(ok.text).toBe('done');
  });

  it('accepts sequential steps, each with its signature, in one turn', async () => {
    const fake = await fakeWith({
      thinking: true,
      script: [reply.functionCall('a'), reply.functionCall('b'), reply.text('done')],
    });
    const ai = clientFor(fake, 'v1');
    const step1 = (await ai.models.generateContent({ model: MODEL, contents: [question], config: { tools } }))
      .candidates![0]!.content!;
    const step2 = (
      await ai.models.generateContent({ model: MODEL, contents: [question, step1, answers('a')], config: { tools } })
    ).candidates![0]!.content!;
    const final = await ai.models.generateContent({
      model: MODEL,
      contents: [question, step1, answers('a'), step2, answers('b')],
      config: { tools },
    });
    expect(final.text).toBe('done');
    expect(step1.parts![0]!.thoughtSignature).not.toBe(step2.parts![0]!.thoughtSignature);
  });

  it('accepts a streamed call turn sent back as received', async () => {
    const fake = await fakeWith({
      thinking: true,
      script: [reply.functionCalls([{ name: 'a' }, { name: 'b' }], { text: 'Checking.' }), reply.text('done')],
    });
    const ai = clientFor(fake);
    const chunks = await collect(
      await ai.models.generateContentStream({ model: MODEL, contents: [question], config: { tools } }),
    );
    const modelTurn: Content = { role: 'model', parts: chunks.flatMap((c) => c.candidates![0]!.content!.parts!) };
    const final = await collect(
      await ai.models.generateContentStream({
        model: MODEL,
        contents: [question, modelTurn, answers('a', 'b')],
        config: { tools },
      }),
    );
    expect(final.map((c) => c.text).join('')).toBe('done');
  });

  it('rejects a call sent back without its signature, naming the part', async () => {
    const fake = await fakeWith({ thinking: true, script: [reply.functionCall('a'), reply.text('never')] });
    const ai = clientFor(fake);
    const turn = (await ai.models.generateContent({ model: MODEL, contents: [question], config: { tools } }))
      .candidates![0]!.content!;
    const stripped: Content = { role: 'model', parts: turn.parts!.map(({ thoughtSignature: _drop, ...part }) => part) };
    const error = await apiError(
      ai.models.generateContent({ model: MODEL, contents: [question, stripped, answers('a')], config: { tools } }),
      400,
    );
    expect(error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(error.message).toMatch(
      /^Function call is missing a thought_signature in functionCall parts at 'contents\[1\]\.parts\[0\]'.*`default_api:a` , position 2\.$/,
    );
    expect(fake.pending).toBe(1);
  });

  it('rejects signatures moved to other parts, or not issued by the model', async () => {
    const fake = await fakeWith({
      thinking: true,
      script: [reply.functionCalls([{ name: 'a' }, { name: 'b' }], { thoughtSignature: 'each' })],
    });
    const ai = clientFor(fake);
    const parts = (await ai.models.generateContent({ model: MODEL, contents: [question], config: { tools } }))
      .candidates![0]!.content!.parts!;
    const swapped: Content = {
      role: 'model',
      parts: [
        { ...parts[0], thoughtSignature: parts[1]!.thoughtSignature! },
        { ...parts[1], thoughtSignature: parts[0]!.thoughtSignature! },
      ],
    };
    const moved = await apiError(
      ai.models.generateContentStream({
        model: MODEL,
        contents: [question, swapped, answers('a', 'b')],
        config: { tools },
      }),
      400,
    );
    expect(moved.message).toContain("'contents[1].parts[0].thought_signature' was issued on another part");

    const forged: Content = { role: 'model', parts: [{ ...parts[0], thoughtSignature: 'Zm9yZ2Vk' }, parts[1]!] };
    const corrupted = await apiError(
      ai.models.generateContent({ model: MODEL, contents: [question, forged, answers('a', 'b')], config: { tools } }),
      400,
    );
    expect(corrupted.message).toContain("Corrupted thought signature at 'contents[1].parts[0].thought_signature'");
  });

  it('rejects a hand-written call turn without signature, unless it carries the documented skip value', async () => {
    const fake = await fakeWith({ thinking: true, script: ['ok'] });
    const ai = clientFor(fake);
    const written = (thoughtSignature?: string): Content => ({
      role: 'model',
      parts: [{ functionCall: { name: 'a', args: {} }, ...(thoughtSignature ? { thoughtSignature } : {}) }],
    });
    await apiError(
      ai.models.generateContent({ model: MODEL, contents: [question, written(), answers('a')], config: { tools } }),
      400,
    );
    const ok = await ai.models.generateContent({
      model: MODEL,
      contents: [question, written(SKIP_THOUGHT_SIGNATURE), answers('a')],
      config: { tools },
    });
    expect(ok.text).toBe('ok');
  });

  it('does not check signatures when the fake is not a thinking model', async () => {
    const fake = await fakeWith({ script: [reply.functionCall('a'), 'ok'] });
    const ai = clientFor(fake);
    const turn = (await ai.models.generateContent({ model: MODEL, contents: [question], config: { tools } }))
      .candidates![0]!.content!;
    expect(turn.parts![0]!.thoughtSignature).toBeUndefined();
    expect(
      (await ai.models.generateContent({ model: MODEL, contents: [question, turn, answers('a')], config: { tools } }))
        .text,
    ).toBe('ok');
  });
});
