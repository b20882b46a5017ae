import { describe, expect, it } from 'vitest';
import { parseCalls, type ParsedReply, type ParserTool } from '../src/prompt-calling.js';
import { everySplit, streamParse } from './support/stream-parse.js';

// Qwen3-Coder's chat template writes a call as `<function=name>` with one `<parameter=key>` element per argument,
// the value as raw text. Strings stay as written (less the line breaks around them); objects and arrays are read as
// literals where the schema wants them; numbers and booleans are converted by the schema as for any call.
const tools: ParserTool[] = [
  {
    name: 'edit',
    schema: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        line: { type: 'integer' },
        dry: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
        meta: { type: 'object' },
        text: { type: 'string' },
      },
    },
  },
];

const call = (body: string) => `<tool_call>\n<function=edit>\n${body}</function>\n</tool_call>`;
const parameter = (key: string, value: string) => `<parameter=${key}>\n${value}\n</parameter>\n`;

/** Whole, then streamed at every split position and one character at a time: all must agree. */
function everyWay(reply: string): ParsedReply {
  const whole = parseCalls(reply, { tools, format: 'json' });
  for (const pieces of everySplit(reply)) {
    const { shown, reply: streamed } = streamParse(pieces, { tools, format: 'json' });
    expect(streamed).toEqual(whole);
    expect(shown).toBe(whole.prose);
  }
  return whole;
}

describe("Qwen3-Coder's XML parameters", () => {
  it('types each value by the schema: text as written, literals for arrays and objects, scalars converted', () => {
    const reply = call(
      parameter('path', 'src/a <b>.ts') +
        parameter('line', '42') +
        parameter('dry', 'True') +
        parameter('tags', `['x', "y"]`) +
        parameter('meta', '{"a": {"b": null}}') +
        parameter('text', '{"not": "parsed"}\n  indented\n</param> is text'),
    );
    const { calls, problems } = everyWay(reply);
    expect(problems).toEqual([]);
    expect(calls.map((c) => c.args)).toEqual([
      {
        path: 'src/a <b>.ts',
        line: 42,
        dry: true,
        tags: ['x', 'y'],
        meta: { a: { b: null } },
        text: '{"not": "parsed"}\n  indented\n</param> is text',
      },
    ]);
    expect(calls[0]!.repairs).toContain('scalar-from-string');
  });

  it('without the <tool_call> around it, and a key named __proto__ stays data', () => {
    const { calls } = everyWay(`<function=edit>\n${parameter('__proto__', 'x')}</function>`);
    expect(calls).toHaveLength(1);
    expect(Object.getPrototypeOf(calls[0]!.args)).toBe(Object.prototype);
    expect(Object.keys(calls[0]!.args)).toEqual(['__proto__']);
  });

  it('an array that does not read stays text, for the Toolbox to answer', () => {
    const { calls } = everyWay(call(parameter('tags', 'not a list')));
    expect(calls.map((c) => c.args)).toEqual([{ tags: 'not a list' }]);
  });

  it('a parameter given twice, or never closed, is a problem and runs nothing', () => {
    for (const reply of [
      call(parameter('line', '1') + parameter('line', '2')),
      '<tool_call>\n<function=edit>\n<parameter=path>\na.ts\n',
      call('<parameter=path>\na.ts\n</parameter>\n<parameter=line\n'),
    ]) {
      const { calls, problems } = everyWay(reply);
      expect(calls).toEqual([]);
      expect(problems).toHaveLength(1);
    }
  });

  it('quoted or inside reasoning, it is prose', () => {
    for (const reply of [
      `The format is \`<function=edit><parameter=path>a</parameter></function>\`.`,
      `<think>\n${call(parameter('path', 'a'))}\n</think>\nNo edit needed.`,
      `> <function=edit>\n> <parameter=path>a</parameter>\n> </function>`,
    ]) {
      const { calls, problems } = everyWay(reply);
      expect(calls).toEqual([]);
      expect(problems).toEqual([]);
    }
  });
});
