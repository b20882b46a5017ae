import type { Content, Part } from '@google/genai';

/**
 * A reply body the loop cannot read: a list that is not a list, a part that is not an object, text that is not text.
 * That is the server's fault, not the model's: the run ends with an AgentApiError that names the field.
 */
export class MalformedReply extends Error {
  override name = 'MalformedReply';
}

/** What the loop reads of one reply (or one streamed chunk): its first candidate, checked. */
export interface ReadCandidate {
  /** The model turn, role `model`, holding only parts the API takes back; undefined when no such part came. */
  content: Content | undefined;
  finishReason: string | undefined;
  finishMessage: string | undefined;
  blocked: boolean;
}

/** The fields of a Part that carry its data: a part with none of them would be refused when sent back. */
const PART_DATA_FIELDS = [
  'text',
  'inlineData',
  'fileData',
  'functionCall',
  'functionResponse',
  'executableCode',
  'codeExecutionResult',
  'toolCall',
  'toolResponse',
] as const;

/** Checks the shape of a reply where the loop reads it; throws a MalformedReply that names the field. */
export function readCandidate(response: unknown): ReadCandidate {
  if (!isObject(response)) throw malformed('the reply', 'an object', response);
  const feedback = response.promptFeedback;
  const blocked = isObject(feedback) && feedback.blockReason !== undefined && feedback.blockReason !== null;
  const candidates = response.candidates;
  if (candidates !== undefined && !Array.isArray(candidates)) throw malformed('candidates', 'a list', candidates);
  const candidate: unknown = candidates?.[0];
  if (candidate === undefined)
    return { content: undefined, finishReason: undefined, finishMessage: undefined, blocked };
  if (!isObject(candidate)) throw malformed('candidates[0]', 'an object', candidate);
  const finishReason = optionalText(candidate, 'finishReason', 'candidates[0]');
  const finishMessage = optionalText(candidate, 'finishMessage', 'candidates[0]');
  return { content: readContent(candidate.content), finishReason, finishMessage, blocked };
}

function readContent(content: unknown): Content | undefined {
  if (content === undefined || content === null) return undefined;
  if (!isObject(content)) throw malformed('candidates[0].content', 'an object', content);
  const parts = content.parts;
  if (parts === undefined || parts === null) return undefined;
  if (!Array.isArray(parts)) throw malformed('candidates[0].content.parts', 'a list', parts);
  const kept: Part[] = [];
  parts.forEach((part: unknown, index) => {
    const path = `candidates[0].content.parts[${index}]`;
    if (!isObject(part)) throw malformed(path, 'an object', part);
    optionalText(part, 'text', path);
    if (part.thought !== undefined && typeof part.thought !== 'boolean')
      throw malformed(`${path}.thought`, 'a boolean', part.thought);
    optionalText(part, 'thoughtSignature', path);
    // A part with no data (an empty object, a lone unknown field) says nothing and would be refused when sent back.
    if (PART_DATA_FIELDS.some((field) => part[field] !== undefined)) kept.push(part as Part);
  });
  return kept.length ? { role: 'model', parts: kept } : undefined;
}

function optionalText(object: Record<string, unknown>, field: string, path: string): string | undefined {
  const value = object[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw malformed(`${path}.${field}`, 'a text', value);
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function malformed(path: string, expected: string, value: unknown): MalformedReply {
  return new MalformedReply(`The model's reply is malformed: ${path} should be ${expected}, but is ${kindOf(value)}`);
}

/** The kind of a value, never the value itself (it may be huge). */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'string') return `a text of ${value.length} characters`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value === 'undefined' ? 'missing' : `a ${typeof value}`}`;
}
