import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CallStreamParser,
  parseCalls,
  type CallFormat,
  type ParsedReply,
  type ParserTool,
} from '../src/prompt-calling.js';

const tools: ParserTool[] = [
  { name: 'get_weather', parameters: ['city', 'unit'] },
  { name: 'add', parameters: ['a', 'b'] },
  { name: 'note', parameters: ['text', 'n', 'tags', 'meta'] },
];

interface Case {
  reply: string;
  calls?: Array<{ name: string; args: Record<string, unknown> }>;
  prose?: string;
  problems?: Array<{ reason: string; name?: string; closest?: string[] }>;
}

// Each format x the cases of the issue. `prose` is what a user sees; `calls` what runs; `problems` what goes back.
const cases: Record<CallFormat, Record<string, Case>> = {
  'tool-call': {
    'one call with prose': {
      reply: 'I\'ll check.\nTOOL_CALL: get_weather({"city": "Boston, MA"})\nOne moment.',
      calls: [{ name: 'get_weather', args: { city: 'Boston, MA' } }],
      prose: "I'll check.\nOne moment.",
    },
    'several calls': {
      reply:
        'First:\nTOOL_CALL: add({"a": 1, "b": 2})\nand\nTOOL_CALL: get_weather({"city": "Oslo", "unit": "celsiu' +
        's"})\nDone.',
      calls: [
        { name: 'add', args: { a: 1, b: 2 } },
        { name: 'get_weather', args: { city: 'Oslo', unit: 'celsius' } },
      ],
      prose: 'First:\nand\nDone.',
    },
    fenced: {
      reply:
        'Here:\n```\nTOOL_CALL: add({"a": 1, "b": 2})\nTOOL_CALL: add({"a": 3, "b": 4})\n```\nand\n```json\n{"na' +
        'me": "note", "arguments": {"text": "x"}}\n```',
      calls: [
        { name: 'add', args: { a: 1, b: 2 } },
        { name: 'add', args: { a: 3, b: 4 } },
        { name: 'note', args: { text: 'x' } },
      ],
      prose: 'Here:\nand\n',
    },
    'tricky strings': {
      reply:
        'TOOL_CALL: note({"text": "a}) ] [x( \\"q\\" \\n\\u00e9\\ud83d\\ude00 TOOL_CALL: no", "tags": ["})", "<' +
        'tool_call>"]})',
      calls: [{ name: 'note', args: { text: 'a}) ] [x( "q" \né😀 TOOL_CALL: no', tags: ['})', '<tool_call>'] } }],
      prose: '',
    },
    'sloppy JSON': {
      reply: 'TOOL_CALL: note({\'text\': \'it\'\'s\', "n": True, "tags": ["a",], meta: {"k": None},})',
      problems: [{ reason: 'unparsable', name: 'note' }],
    },
    'sloppy JSON that can be repaired': {
      reply: 'TOOL_CALL: note({\'text\': "it\'s", "n": True, "tags": ["a",], meta: {"k": None},})',
      calls: [{ name: 'note', args: { text: "it's", n: true, tags: ['a'], meta: { k: null } } }],
    },
    'unknown tool': {
      reply: 'TOOL_CALL: get_wether({"city": "Paris"})',
      problems: [{ reason: 'unknown-tool', name: 'get_wether', closest: ['get_weather'] }],
      prose: '',
    },
    'unparsable call': {
      reply: 'Try:\nTOOL_CALL: get_weather({"city": Paris})\nok\nTOOL_CALL: add({\n  "a": 1,\n  "b": two\n})\nok\n',
      problems: [
        { reason: 'unparsable', name: 'get_weather' },
        { reason: 'unparsable', name: 'add' },
      ],
      prose: 'Try:\nok\nok\n',
    },
  },
  python: {
    'one call with prose': {
      reply: 'Let me look.\n[get_weather(city="Boston, MA")]\nOne moment.',
      calls: [{ name: 'get_weather', args: { city: 'Boston, MA' } }],
      prose: 'Let me look.\nOne moment.',
    },
    'several calls': {
      reply: '[get_weather(city="A", unit=\'fahrenheit\'), add(a=1, b=-2.5e3)]\nthen\n[add(1, 2)]',
      calls: [
        { name: 'get_weather', args: { city: 'A', unit: 'fahrenheit' } },
        { name: 'add', args: { a: 1, b: -2500 } },
        { name: 'add', args: { a: 1, b: 2 } },
      ],
      prose: 'then\n',
    },
    fenced: {
      reply:
        '```tool_code\n[add(a=1, b=2)]\n```\nor\n```python\nget_weather(city="Rome")\n```\n```py\n[f(x) for x i' +
        'n xs]\n```',
      calls: [
        { name: 'add', args: { a: 1, b: 2 } },
        { name: 'get_weather', args: { city: 'Rome' } },
      ],
      prose: 'or\n```py\n[f(x) for x in xs]\n```',
    },
    'tricky strings': {
      reply: "Hi 😀\n[note(text='a)] \\'q\\' \"x\" \\n\\x41\\u00e9 😀 [add(', tags=[\"])\", '(']), add(a=0, b=1)]",
      calls: [
        { name: 'note', args: { text: 'a)] \'q\' "x" \nAé 😀 [add(', tags: ['])', '('] } },
        { name: 'add', args: { a: 0, b: 1 } },
      ],
      prose: 'Hi 😀\n',
    },
    'sloppy JSON': {
      reply: "[note(text='hi', n=True, meta={'k': None, 'l': (1, 2)}, tags=[],)]",
      calls: [{ name: 'note', args: { text: 'hi', n: true, meta: { k: null, l: [1, 2] }, tags: [] } }],
    },
    'unknown tool': {
      reply: 'Sure.\n[get_wheather(city="Paris")]',
      problems: [{ reason: 'unknown-tool', name: 'get_wheather', closest: ['get_weather'] }],
      prose: 'Sure.\n',
    },
    'unparsable call': {
      reply: '[add(a=1, b=)]\nok',
      problems: [{ reason: 'unparsable', name: 'add' }],
      prose: 'ok',
    },
  },
  json: {
    'one call with prose': {
      reply:
        'Checking.\n<tool_call>{"name": "get_weather", "arguments": {"city": "Boston, MA"}}</tool_call>\nOne moment.',
      calls: [{ name: 'get_weather', args: { city: 'Boston, MA' } }],
      prose: 'Checking.\nOne moment.',
    },
    'several calls': {
      reply:
        '<tool_call>\n{"name": "add", "arguments": {"a": 1, "b": 2}}\n</tool_call>\n<tool_call>[{"name": "add",' +
        ' "arguments": {"a": 3, "b": 4}}, {"name": "note", "arguments": {"text": "z"}}]</tool_call>',
      calls: [
        { name: 'add', args: { a: 1, b: 2 } },
        { name: 'add', args: { a: 3, b: 4 } },
        { name: 'note', args: { text: 'z' } },
      ],
      prose: '',
    },
    fenced: {
      reply:
        '```json\n{"name": "add", "arguments": {"a": 1, "b": 2}}\n```\n```json\n{"city": "not a call"}\n```\n' +
        '```tool_call\n{"name": "note", "arguments": {"text": "x"}}\n```',
      calls: [
        { name: 'add', args: { a: 1, b: 2 } },
        { name: 'note', args: { text: 'x' } },
      ],
      prose: '```json\n{"city": "not a call"}\n```\n',
    },
    'tricky strings': {
      reply: '<tool_call>{"name": "note", "arguments": {"text": "</tool_call> }) \\"\\u00e9\\" \\n\\\\"}}</tool_call>',
      calls: [{ name: 'note', args: { text: '</tool_call> }) "é" \n\\' } }],
      prose: '',
    },
    'sloppy JSON': {
      reply:
        "<tool_call>{'name': 'note', 'arguments': {'text': 'x', 'n': 1,},}</tool_call><tool_call>{\"" +
        'name": "add", "arguments": "{\\"a\\": 1, \\"b\\": 2}"}',
      calls: [
        { name: 'note', args: { text: 'x', n: 1 } },
        { name: 'add', args: { a: 1, b: 2 } },
      ],
    },
    'unknown tool': {
      reply: '<tool_call>{"name": "nope", "arguments": {}}</tool_call>',
      problems: [{ reason: 'unknown-tool', name: 'nope' }],
    },
    'unparsable call': {
      reply: '<tool_call>{"name": "add", "arguments": {"a": 1 "b": 2}}</tool_call>\nok',
      problems: [{ reason: 'unparsable', name: 'add' }],
      prose: 'ok',
    },
  },
};

function check(parsed: ParsedReply, expected: Case): void {
  expect(parsed.calls.map(({ name, args }) => ({ name, args }))).toEqual(expected.calls ?? []);
  expect(
    parsed.problems.map(({ reason, name, closest }) => ({ reason, name, ...(closest ? { closest } : {}) })),
  ).toMatchObject((expected.problems ?? []).map((problem) => ({ ...problem })));
  if (expected.prose !== undefined) expect(parsed.prose).toBe(expected.prose);
}

/** Feeds the text in the given pieces; returns the streamed prose and the final parse. */
function streamed(pieces: string[], format: CallFormat): { shown: string[]; reply: ParsedReply } {
  const parser = new CallStreamParser({ tools, format });
  const shown = pieces.map((piece) => parser.push(piece));
  const { prose, reply } = parser.end();
  shown.push(prose);
  return { shown, reply };
}

describe('parseCalls', () => {
  for (const [format, table] of Object.entries(cases) as Array<[CallFormat, Record<string, Case>]>) {
    describe(format, () => {
      for (const [name, entry] of Object.entries(table)) {
        it(name, () => {
          const parsed = parseCalls(entry.reply, { tools, format });
          check(parsed, entry);
          // Never a silent `{}`: every call or problem covers text the model wrote, and problems say why.
          for (const problem of parsed.problems) expect(problem.message.length).toBeGreaterThan(10);
        });

        it(`${name}: split across two chunks at every position, and fed one character at a time`, () => {
          const whole = parseCalls(entry.reply, { tools, format });
          const splits = [...Array(entry.reply.length + 1).keys()].map((i) => [
            entry.reply.slice(0, i),
            entry.reply.slice(i),
          ]);
          splits.push([...entry.reply]);
          for (const pieces of splits) {
            const { shown, reply } = streamed(pieces, format);
            expect(reply).toEqual(whole);
            expect(shown.join('')).toBe(whole.prose);
          }
        });
      }
    });
  }

  it('reads every format whatever format was asked for, and leaves prose that only looks like code alone', () => {
    const reply =
      'A [link](x) and {"city": 1}, [maybe(this)] mid-line, a `tool_call` word.\nTOOL_CALL: add({"a": 1, "b": 2})';
    const parsed = parseCalls(reply, { tools, format: 'json' });
    expect(parsed.calls.map((call) => call.name)).toEqual(['add']);
    expect(parsed.prose).toBe('A [link](x) and {"city": 1}, [maybe(this)] mid-line, a `tool_call` word.\n');
  });

  it('reports a call cut off at the end of the reply, and a positional argument with nowhere to go', () => {
    expect(parseCalls('TOOL_CALL: add({"a": 1', { tools }).problems[0]).toMatchObject({
      reason: 'cut-off',
      name: 'add',
    });
    const extra = parseCalls('[add(1, 2, 3)]', { tools, format: 'python' }).problems[0];
    expect(extra).toMatchObject({ reason: 'unparsable', name: 'add' });
    expect(extra!.message).toContain('takes 2 argument');
  });

  it('keeps "__proto__" as data and bounds how deep values nest', () => {
    const parsed = parseCalls('TOOL_CALL: note({"text": "x", "meta": {"__proto__": {"polluted": true}}})', { tools });
    expect(Object.getOwnPropertyNames(parsed.calls[0]!.args.meta)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const deep = parseCalls(`TOOL_CALL: note({"text": ${'['.repeat(200)}${']'.repeat(200)}})`, { tools });
    expect(deep.problems[0]?.message).toContain('nest');
  });

  it('takes only the six bare words as values, not an inherited name such as constructor', () => {
    for (const reply of ['[add(constructor)]', '[add(a=toString)]', 'TOOL_CALL: add({"a": valueOf})']) {
      const parsed = parseCalls(reply, { tools, format: 'python' });
      expect(parsed.calls).toEqual([]);
      expect(parsed.problems[0]?.message).toContain('is not a value');
    }
  });

  it('never throws, and streamed prose equals the whole parse, for any text (property)', () => {
    const pieces = fc.constantFrom(
      'TOOL_CALL: ',
      'add(',
      '{"a": 1',
      ', "b": 2}',
      ')',
      '\n',
      '[',
      ']',
      'get_weather(city="x")',
      '<tool_call>',
      '</tool_call>',
      '{"name": "add", "arguments": {}}',
      '```',
      'tool_code\n',
      '```json\n',
      '"',
      "'",
      '\\',
      'é',
      ' ',
      'text ',
      // Names, words and numbers that a piece may cut anywhere.
      'add(a = ',
      'b=',
      '=',
      'True',
      'None',
      '-12',
      '.5e',
      '3',
      '[TOOL_CALLS]',
      'add[ARGS]',
    );
    const text = fc
      .array(fc.oneof(pieces, fc.string({ maxLength: 4 })), { maxLength: 24 })
      .map((list) => list.join(''));
    fc.assert(
      fc.property(
        text,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.constantFrom<CallFormat>('tool-call', 'python', 'json'),
        (reply, cuts, format) => {
          const whole = parseCalls(reply, { tools, format });
          const bounds = [0, ...cuts.map((cut) => cut % (reply.length + 1)).sort((a, b) => a - b), reply.length];
          const chunks = bounds.slice(1).map((end, i) => reply.slice(bounds[i], end));
          const { shown, reply: parsed } = streamed(chunks, format);
          expect(parsed).toEqual(whole);
          expect(shown.join('')).toBe(whole.prose);
          // Every character is prose or inside exactly one call or problem.
          const covered = whole.items.reduce((sum, item) => sum + item.text.length, 0);
          expect(whole.prose.length + covered).toBeLessThanOrEqual(reply.length);
          for (const call of whole.calls) expect(reply.slice(call.start, call.end)).toBe(call.text);
        },
      ),
      { numRuns: 400 },
    );
  });
});
