import type { Part } from '@google/genai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerText, StreamedContent } from '../src/loop/merge-parts.js';
import { toContents } from '../src/input.js';

describe('StreamedContent', () => {
  it('joins adjacent text of one kind and keeps signed, thought and call parts where they arrived', () => {
    const merged = new StreamedContent();
    merged.add({ role: 'model', parts: [{ text: 'Thinking ', thought: true }] });
    merged.add({ role: 'model', parts: [{ text: 'more', thought: true }, { text: 'Hel' }] });
    merged.add({
      role: 'model',
      parts: [{ text: 'lo' }, { functionCall: { name: 'f', args: {} }, thoughtSignature: 'sig1' }],
    });
    merged.add({ role: 'model', parts: [{ functionCall: { name: 'g', args: {} } }] });
    merged.add({ role: 'model', parts: [{ text: 'after' }, { text: '', thoughtSignature: 'sig2' }] });
    expect(merged.content()).toEqual({
      role: 'model',
      parts: [
        { text: 'Thinking more', thought: true },
        { text: 'Hello' },
        { functionCall: { name: 'f', args: {} }, thoughtSignature: 'sig1' },
        { functionCall: { name: 'g', args: {} } },
        { text: 'after' },
        { text: '', thoughtSignature: 'sig2' },
      ],
    });
  });

  it('never changes the text or loses a signature, however the parts are split', () => {
    const part = fc.oneof(
      fc.record({ text: fc.string() }),
      fc.record({ text: fc.string(), thought: fc.constant(true) }),
      fc.record({ text: fc.string(), thoughtSignature: fc.base64String({ minLength: 4, maxLength: 8 }) }),
      fc.record({ functionCall: fc.record({ name: fc.constantFrom('a', 'b') }) }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(part, { maxLength: 4 }), { maxLength: 6 }), (chunks) => {
        const merged = new StreamedContent();
        for (const parts of chunks) merged.add({ role: 'model', parts: structuredClone(parts) });
        const all = chunks.flat();
        const content = merged.content();
        expect(answerText(content)).toBe(answerText({ parts: all }));
        const signatures = (parts: Part[]) =>
          parts.flatMap((p) => ('thoughtSignature' in p ? [p.thoughtSignature] : []));
        expect(signatures(content?.parts ?? [])).toEqual(signatures(all));
        expect((content?.parts ?? []).filter((p) => p.functionCall)).toEqual(all.filter((p) => 'functionCall' in p));
        if (all.length === 0) expect(content).toBeUndefined();
      }),
    );
  });
});

describe('toContents', () => {
  it('takes a text, parts, a content or a conversation', () => {
    expect(toContents('hi')).toEqual([{ role: 'user', parts: [{ text: 'hi' }] }]);
    expect(toContents(['a', { inlineData: { mimeType: 'image/png', data: 'AA==' } }])).toEqual([
      { role: 'user', parts: [{ text: 'a' }, { inlineData: { mimeType: 'image/png', data: 'AA==' } }] },
    ]);
    const conversation = [
      { role: 'user', parts: [{ text: 'q' }] },
      { role: 'model', parts: [{ text: 'a' }] },
    ];
    expect(toContents(conversation)).toEqual(conversation);
    expect(toContents(conversation)).not.toBe(conversation);
    expect(() => toContents([])).toThrow(TypeError);
    expect(() => toContents([conversation[0]!, 'x'] as never)).toThrow(/mixes/);
  });
});
