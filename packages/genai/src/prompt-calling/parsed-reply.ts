import type { Repair } from './read-signals.js';

/** The three ways a model writes calls in text. */
export type CallFormat = 'tool-call' | 'python' | 'json';

export const CALL_FORMATS: readonly CallFormat[] = ['tool-call', 'python', 'json'];

/**
 * A tool as the parser knows it: its name, its parameter names in order (for positional arguments), and the JSON
 * Schema of its parameters (a number or boolean written as a string is converted where it wants one).
 */
export interface ParserTool {
  name: string;
  parameters?: readonly string[];
  schema?: Record<string, unknown>;
}

/** One call read from the text. `text` is the call as the model wrote it; `start`/`end` index the whole reply. */
export interface ParsedCall {
  kind: 'call';
  name: string;
  args: Record<string, unknown>;
  text: string;
  start: number;
  end: number;
  /** What was forgiven to read it (trailing commas, single quotes, ...). Empty for a call written exactly right. */
  repairs: Array<Repair | ParserRepair>;
}

/** Repairs of the call's frame rather than its values. */
export type ParserRepair =
  | 'unclosed-tag'
  | 'unclosed-fence'
  | 'arguments-as-string'
  | 'bare-json'
  | 'other-format'
  /** A number or boolean written as a string, converted by the tool's schema. */
  | 'scalar-from-string';

/**
 * Text that is a call but cannot be run: it does not parse, is cut off, names no tool, or its arguments are not an
 * object. It goes back to the model as feedback, never to a tool.
 */
export interface CallProblem {
  kind: 'problem';
  reason: 'unparsable' | 'cut-off' | 'unknown-tool' | 'not-an-object';
  /** Says what is wrong and how to write it, for the model. */
  message: string;
  text: string;
  start: number;
  end: number;
  /** The name the model wrote, when it got that far. */
  name?: string;
  /** For an unknown name: the closest tool names, best first. */
  closest?: string[];
}

export type ReplyItem = ParsedCall | CallProblem;

/** A reply split into the prose the user reads and the calls (and broken calls) the Agent handles. */
export interface ParsedReply {
  /** The reply without its calls: what `text` events carry. */
  prose: string;
  /** Calls and problems in the order they were written. */
  items: ReplyItem[];
  calls: ParsedCall[];
  problems: CallProblem[];
}

export function parsedReply(prose: string, items: ReplyItem[]): ParsedReply {
  return {
    prose,
    items,
    calls: items.filter((item): item is ParsedCall => item.kind === 'call'),
    problems: items.filter((item): item is CallProblem => item.kind === 'problem'),
  };
}
