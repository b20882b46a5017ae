import { afterEach, describe, expect, it, vi } from 'vitest';
import { BracketEnd, LiteralEnd } from '../src/prompt-calling/broken-end.js';
import { CallScanner } from '../src/prompt-calling/call-scanner.js';
import { LiteralReader } from '../src/prompt-calling/literal-reader.js';
import { CallStreamParser, type ParsedReply, parseCalls, type ParserTool } from '../src/prompt-calling.js';

// Linear-time streaming, counted rather than timed: every scan reads the undecided text handed to it, and a piece
// handed to a suspended read of a call is read by it alone, so the sum of those lengths over a streamed reply is the
// parser's work. It must stay within a small constant of the reply's length whatever the pieces (before issue 32 it
// grew with the square of an open call's length; with reads that resume, it is at most about 3.2).
const tools: ParserTool[] = [{ name: 'write_file', parameters: ['path', 'content'] }, { name: 'add' }];
const SIZE = 100_000;
/** The work allowed, in characters read per character of the reply. */
const MAX_READS_PER_CHAR = 4;

function shapes(): Record<string, string> {
  const line = 'the quick brown fox, \\"quoted\\" \\n and } ) ] braces; ';
  const values = Array.from({ length: SIZE / 8 }, (_, i) => (i % 2 ? `{"k":[${i}]}` : `${i}`));
  const calls = Array.from({ length: SIZE / 20 }, (_, i) => `add(a=${i}, b=${i})`);
  const prose = 'A `TOOL_CALL: add({})` quote, a [link](x), {"braces": 1} and <b>tags</b>.\n';
  return {
    'a long string': `Saving.\nTOOL_CALL: write_file({"path": "a", "content": "${line.repeat(SIZE / line.length)}"})\nDone.`,
    'small values': `<tool_call>{"name": "write_file", "arguments": {"path": "n", "content": [${values.join(',')}]}}</tool_call>`,
    'many calls in one block': `\`\`\`tool_code\n${calls.join('\n')}\n\`\`\`\nDone.`,
    'a broken call that runs long': `TOOL_CALL: write_file({"path": ${'"x", '.repeat(SIZE / 5)}`,
    'prose with call-like text': prose.repeat(SIZE / prose.length),
    'reasoning never closed': `<think>\n${'I could write [add(a=1)] here. '.repeat(SIZE / 31)}`,
    'Qwen3-Coder XML parameters': `<tool_call>\n<function=write_file>\n<parameter=path>\na\n</parameter>\n<parameter=content>\n${'a <b> </param <x '.repeat(SIZE / 17)}\n</parameter>\n</function>\n</tool_call>`,
  };
}

/**
 * Counts the characters the scanner reads from here on: what each scan has before it, and each piece handed to a
 * suspended read (read once, by that read alone).
 */
function countReads(): { count: number } {
  const reads = { count: 0 };
  const scan = CallScanner.prototype.scan;
  vi.spyOn(CallScanner.prototype, 'scan').mockImplementation(function (this: CallScanner, text, from, ...rest) {
    reads.count += text.length - from;
    return scan.call(this, text, from, ...rest);
  });
  const feed = CallScanner.prototype.feed;
  vi.spyOn(CallScanner.prototype, 'feed').mockImplementation(function (this: CallScanner, piece) {
    reads.count += piece.length;
    return feed.call(this, piece);
  });
  return reads;
}

describe('CallStreamParser work', () => {
  afterEach(() => vi.restoreAllMocks());

  for (const [name, reply] of Object.entries(shapes())) {
    for (const size of [1, 8, 97]) {
      it(`${name}, ${size}-character pieces: linear work, and the same parse as the whole text`, () => {
        const whole = parseCalls(reply, { tools });
        const reads = countReads();
        const parser = new CallStreamParser({ tools });
        let shown = '';
        for (let at = 0; at < reply.length; at += size) shown += parser.push(reply.slice(at, at + size));
        const { prose, reply: streamed } = parser.end();
        expect(reads.count / reply.length).toBeLessThanOrEqual(MAX_READS_PER_CHAR);
        expect(streamed).toEqual(whole);
        expect(shown + prose).toBe(whole.prose);
      });
    }
  }
});

// No piece reads an open call again: one reader reads a long call from its first piece to its last, and between
// pieces it keeps only what it may still look at (a piece, and a token such as an escape or a number cut by its end).
// Before, every scan made a new reader that read the whole call so far.
describe('a long call streamed', () => {
  afterEach(() => vi.restoreAllMocks());

  const escapes = 'a \\"quoted\\" word, \\u00e9t\\u00e9, a tab\\t and \\\\ ';
  const longCalls: Record<string, { reply: string; format?: 'python' }> = {
    'a long string with escapes': {
      reply: `TOOL_CALL: write_file({"path": "a", "content": "${escapes.repeat(20_000 / escapes.length)}"})\nok`,
    },
    'small values': {
      reply: `<tool_call>{"name": "add", "arguments": {"xs": [${Array.from({ length: 3000 }, (_, i) => `{"k": [${i}, -${i}.5e1, true, null]}`).join(', ')}]}}</tool_call>`,
    },
    'Qwen3-Coder XML parameters': {
      reply: `<function=write_file>\n<parameter=path>\na\n</parameter>\n<parameter=content>\n${'a <b> </param <x '.repeat(20_000 / 17)}\n</parameter>\n</function>\nok`,
    },
    'one list of many calls': {
      reply: `[${Array.from({ length: 1000 }, (_, i) => `add(a=${i}, b='x${i}')`).join(', ')}]\nok`,
      format: 'python',
    },
  };

  for (const [name, { reply, format }] of Object.entries(longCalls)) {
    for (const size of [1, 8]) {
      it(`${name}, ${size}-character pieces: one reader, holding a piece at a time`, () => {
        const readers = new Set<LiteralReader>();
        let mostRetained = 0;
        const append = LiteralReader.prototype.append;
        vi.spyOn(LiteralReader.prototype, 'append').mockImplementation(function (this: LiteralReader, piece) {
          readers.add(this);
          append.call(this, piece);
          mostRetained = Math.max(mostRetained, this.retained);
        });
        const options = { tools, ...(format ? { format } : {}) };
        const whole = parseCalls(reply, options);
        const parser = new CallStreamParser(options);
        for (let at = 0; at < reply.length; at += size) parser.push(reply.slice(at, at + size));
        const { reply: streamed } = parser.end();
        expect(streamed).toEqual(whole);
        expect(whole.problems).toEqual([]);
        expect(whole.calls.length).toBeGreaterThan(0);
        expect(readers.size).toBe(1);
        expect(mostRetained).toBeLessThanOrEqual(size + 16);
      });
    }
  }
});

// A name or a number cut by a piece's end keeps what it has read and goes on from the next piece. Counted here as the
// characters each read of a name or number has before it: a model that writes one without end costs a constant
// number of reads per character (before, each piece read the open token again from its start: quadratic, or a cap).
describe('CallStreamParser work on tokens without end', () => {
  afterEach(() => vi.restoreAllMocks());
  const LONG = 20_000;
  const replies: Record<string, { reply: string; expected: (reply: ParsedReply) => void }> = {
    'a number': {
      reply: `TOOL_CALL: add({"a": 0.${'5'.repeat(LONG)}})\nDone.`,
      expected: ({ calls }) => expect(calls.map((call) => call.args)).toEqual([{ a: 0.5555555555555556 }]),
    },
    'a keyword name': {
      reply: `\`\`\`tool_code\nadd(${'a'.repeat(LONG)} \t =1)\n\`\`\`\nDone.`,
      expected: ({ calls }) => expect(calls.map((call) => call.args)).toEqual([{ ['a'.repeat(LONG)]: 1 }]),
    },
    'a positional word': {
      reply: `TOOL_CALL: add(${'t'.repeat(LONG)})\nDone.`,
      expected: ({ problems }) => expect(problems.map((problem) => problem.message).join()).toContain('is not a value'),
    },
    'a value word': {
      reply: `TOOL_CALL: add({"a": ${'t'.repeat(LONG)}})\nDone.`,
      expected: ({ problems }) => expect(problems.map((problem) => problem.message).join()).toContain('is not a value'),
    },
    'a Mistral name': {
      reply: `[TOOL_CALLS]${'b'.repeat(LONG)}[ARGS]{"a": 1}\nDone.`,
      expected: ({ problems }) => expect(problems.map((problem) => problem.reason)).toEqual(['unknown-tool']),
    },
  };
  for (const [name, { reply, expected }] of Object.entries(replies)) {
    it(`${name} of ${LONG} characters, 1-character pieces: a constant number of reads per character`, () => {
      let read = 0;
      for (const method of ['name', 'number'] as const) {
        const original = LiteralReader.prototype[method] as (...args: unknown[]) => unknown;
        vi.spyOn(LiteralReader.prototype, method).mockImplementation(function (this: never, ...args: unknown[]) {
          const { window, pos, offset } = this as { window: string; pos: number; offset: number };
          read += window.length - (pos - offset);
          return original.apply(this, args) as never;
        });
      }
      const whole = parseCalls(reply, { tools });
      read = 0;
      const parser = new CallStreamParser({ tools });
      for (let at = 0; at < reply.length; at++) parser.push(reply[at]!);
      const { reply: streamed } = parser.end();
      expect(read).toBeLessThanOrEqual(2 * reply.length);
      expect(streamed).toEqual(whole);
      expected(whole);
    });
  }
});

// A call that does not parse is told to the model up to where it ends (its brackets closed at a line's end, a blank
// line, its closing tag). That end is searched once: after the read fails, each piece goes to the search alone, and
// the reply is scanned again once the end is found. Before, each scan searched again from the call's start.
describe('the end of a broken call, streamed', () => {
  afterEach(() => vi.restoreAllMocks());
  const LONG = 50_000;
  const lines = Array.from({ length: LONG / 10 }, (_, i) => `"${i}",\n`.padStart(10, ' ')).join('');
  const replies: Record<string, string> = {
    'no end before the reply ends': `TOOL_CALL: write_file({"path": ${'"x", '.repeat(LONG / 5)}`,
    'brackets open over many lines, up to a blank line': `TOOL_CALL: add({"a": 1 oops,\n${lines}\nDone.\n`,
    'brackets closed at a line end': `[add(a=1 oops, b=[\n${lines}])]\nDone.`,
    'a tagged call, up to its closing tag': `<tool_call>{"name": "add", "arguments": {"a": 1 oops ${lines}}}</tool_call>\nDone.`,
  };
  for (const [name, reply] of Object.entries(replies)) {
    it(`${name}, 1-character pieces: the end searched once, the reply read at most three times`, () => {
      const whole = parseCalls(reply, { tools });
      let searched = 0;
      for (const search of [BracketEnd, LiteralEnd]) {
        const next = search.prototype.next;
        vi.spyOn(search.prototype, 'next').mockImplementation(function (this: never, text, offset, final) {
          const { pos } = this as { pos: number };
          searched += text.length - Math.max(0, pos - offset);
          return next.call(this, text, offset, final);
        });
      }
      const reads = countReads();
      const parser = new CallStreamParser({ tools });
      let shown = '';
      for (let at = 0; at < reply.length; at++) shown += parser.push(reply[at]!);
      const { prose, reply: streamed } = parser.end();
      expect(streamed).toEqual(whole);
      expect(shown + prose).toBe(whole.prose);
      expect(whole.problems.map((problem) => problem.reason)).toEqual(['unparsable']);
      expect(searched / reply.length).toBeLessThanOrEqual(1.05);
      // The pieces fed to the read and then to the search, the scan when the end is found, and one when the line
      // after it ends.
      expect(reads.count / reply.length).toBeLessThanOrEqual(3.1);
    });
  }
});
