import type { CallFormat } from './parsed-reply.js';

/** One answer to one call (or to a call that could not be run), tagged with its place in the model's turn. */
export interface ResultEntry {
  /** 1-based position among the calls (and broken calls) of the turn. */
  index: number;
  /** The tool's name; `?` when the model's text named none. */
  name: string;
  response: Record<string, unknown>;
}

/** How one format writes calls, and results back. */
export interface FormatSyntax {
  /** A call as the model should write it. */
  call(name: string, args: Record<string, unknown>): string;
  /** The results of one turn, as the text of a user turn. */
  results(entries: readonly ResultEntry[]): string;
  /** How to call, in a few lines; `{call}` and `{result}` stand for the worked example. */
  howTo: string;
  /** The final turn's reminder that calls are off. */
  toolsOff: string;
  /** Where the model would start to make up results itself: the request stops it there. */
  stop: string;
}

const json = (value: unknown) => JSON.stringify(value);

/** A Python literal: JSON's strings and numbers are Python's too; true/false/null are spelled Python's way. */
export function pythonLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? json(value) : 'None';
  if (typeof value === 'string') return json(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${json(key)}: ${pythonLiteral(item)}`)
      .join(', ')}}`;
  }
  return json(String(value));
}

const KEYWORD = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PYTHON_RESERVED = new Set([
  'True',
  'False',
  'None',
  'and',
  'or',
  'not',
  'in',
  'is',
  'if',
  'else',
  'for',
  'def',
  'class',
  'lambda',
  'from',
  'import',
  'return',
  'pass',
  'with',
  'as',
  'while',
  'yield',
]);

export const FORMATS: Readonly<Record<CallFormat, FormatSyntax>> = {
  'tool-call': {
    call: (name, args) => `TOOL_CALL: ${name}(${json(args)})`,
    results: (entries) =>
      entries.map((entry) => `TOOL_RESULT[${entry.index}] ${entry.name}: ${json(entry.response)}`).join('\n'),
    howTo: [
      'To call a tool, write a line `TOOL_CALL: tool_name({"parameter": value})` with the arguments as one JSON',
      'object.',
      'Write one line per call (several lines call several tools at once), then stop: the results come in the next',
      'message, one line per call, `TOOL_RESULT[n] tool_name: {"output": ...}` or `{"error": ...}`.',
      'Example:\n{call}\nthen the next message holds:\n{result}',
    ].join('\n'),
    toolsOff: 'Tools are off now: write no TOOL_CALL line. Answer in plain text with the results you have.',

    stop: 'TOOL_RESULT[',
  },
  python: {
    call: (name, args) => {
      const entries = Object.entries(args);
      // Keyword arguments need names Python accepts; any other key goes in one dict argument.
      if (entries.every(([key]) => KEYWORD.test(key) && !PYTHON_RESERVED.has(key))) {
        return `[${name}(${entries.map(([key, value]) => `${key}=${pythonLiteral(value)}`).join(', ')})]`;
      }
      return `[${name}(${pythonLiteral(args)})]`;
    },
    results: (entries) =>
      [
        '```tool_output',
        ...entries.map((entry) => `[${entry.index}] ${entry.name}: ${json(entry.response)}`),
        '```',
      ].join('\n'),
    howTo: [
      'To call tools, write a Python list of calls with keyword arguments, alone on its line:',
      '`[tool_name(parameter=value), other_tool(parameter=value)]`. Values are Python literals (quoted strings,',
      'numbers, True, False, None, lists, dicts). Then stop: the results come in the next message in a',
      '```tool_output block, one line per call, `[n] tool_name: {"output": ...}` or `{"error": ...}`.',
      'Example:\n{call}\nthen the next message holds:\n{result}',
    ].join('\n'),
    toolsOff: 'Tools are off now: write no tool calls. Answer in plain text with the results you have.',

    stop: '```tool_output',
  },
  json: {
    call: (name, args) => `<tool_call>${json({ name, arguments: args })}</tool_call>`,
    results: (entries) =>
      entries
        .map(
          (entry) =>
            `<tool_response>${json({ id: entry.index, name: entry.name, response: entry.response })}</tool_response>`,
        )
        .join('\n'),
    howTo: [
      'To call a tool, write `<tool_call>{"name": "tool_name", "arguments": {"parameter": value}}</tool_call>` with',
      'JSON inside; one tag per call (several tags call several tools at once). Then stop: the results come in the',
      'next message, `<tool_response>{"id": n, "name": "tool_name", "response": {"output": ...}}</tool_response>`',
      'per call (or `"response": {"error": ...}`).',
      'Example:\n{call}\nthen the next message holds:\n{result}',
    ].join('\n'),
    toolsOff: 'Tools are off now: write no <tool_call> tags. Answer in plain text with the results you have.',

    stop: '<tool_response>',
  },
};
