import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCalls, type ParsedReply, type ParserTool } from '../src/prompt-calling.js';
import { buildCorpus, type CorpusReply, corpusTools } from './fixtures/prompt-corpus.js';
import { buildHabitCorpus, habitTools } from './fixtures/prompt-habits.js';
import { cutAt, everySplit, streamParse } from './support/stream-parse.js';

// Issue 32, item 4: replies in the habits of open models, each read whole and streamed (every split position,
// one character at a time, and random splits). Targets: at least 95% read exactly, no call run that the model did
// not make, and a streamed reply always read as its whole text is.
const corpora: Array<{ name: string; corpus: CorpusReply[]; tools: ParserTool[]; unread: string[] }> = [
  { name: 'the open-model corpus', corpus: buildCorpus(), tools: corpusTools, unread: [] },
  // Written from the models' chat templates and docs (prompt-habits.ts). `unread`: the habits still not read
  // exactly, named so that a change in them shows.
  {
    name: 'the chat-template corpus',
    corpus: buildHabitCorpus(),
    tools: habitTools,
    unread: [],
  },
];

const calls = (parsed: ParsedReply) => parsed.calls.map(({ name, args }) => ({ name, args }));

describe.each(corpora)('$name', ({ corpus, tools, unread }) => {
  it('holds at least 150 replies over every category', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    const categories = new Set(corpus.map((entry) => entry.category));
    for (const category of [
      'clean',
      'prose',
      'fence',
      'several',
      'nested',
      'unicode',
      'near-miss',
      'made-up-result',
      'other-format',
    ])
      expect(categories).toContain(category);
  });

  it('reads at least 95% exactly and runs no call the model did not make', () => {
    const misread: string[] = [];
    const misreadHabits = new Set<string>();
    const extra: string[] = [];
    for (const entry of corpus) {
      const parsed = parseCalls(entry.reply, { tools, format: entry.format });
      const got = calls(parsed);
      const exact = JSON.stringify(got) === JSON.stringify(entry.calls) && parsed.problems.length === 0;
      if (!exact) {
        misread.push(`${entry.habit}: ${JSON.stringify(entry.reply)} -> ${JSON.stringify(got)}`);
        misreadHabits.add(entry.habit);
      }
      // A call ran that the model did not make: one not among the expected (by name and arguments).
      for (const call of got)
        if (!entry.calls.some((expected) => JSON.stringify(expected) === JSON.stringify(call)))
          extra.push(`${entry.habit}: ${JSON.stringify(call)}`);
    }
    expect(extra).toEqual([]);
    expect(misread.length / corpus.length).toBeLessThanOrEqual(0.05);
    // Only the habits named as unread are misread; a change that misreads another shows which.
    expect([...misreadHabits]).toEqual(unread);
  });

  it('streamed at every split position and one character at a time, each reply reads as its whole text', () => {
    for (const entry of corpus) {
      const whole = parseCalls(entry.reply, { tools, format: entry.format });
      for (const pieces of everySplit(entry.reply)) {
        const { shown, reply } = streamParse(pieces, { tools, format: entry.format });
        expect(reply).toEqual(whole);
        expect(shown).toBe(whole.prose);
      }
    }
  });

  it('streamed in random pieces, each reply reads as its whole text (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.array(fc.nat(), { maxLength: 12 }), (entry, cuts) => {
        const whole = parseCalls(entry.reply, { tools, format: entry.format });
        const { shown, reply } = streamParse(cutAt(entry.reply, cuts), { tools, format: entry.format });
        expect(reply).toEqual(whole);
        expect(shown).toBe(whole.prose);
      }),
      { numRuns: 500 },
    );
  });
});
