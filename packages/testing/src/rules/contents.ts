import { field, isJsonObject, unknownKeys } from './fields.js';
import { at, invalidValue, notRepeating, unknownField, violation } from './messages.js';

/** The roles a content may have in `contents`. */
export const CONTENT_ROLES: readonly string[] = ['user', 'model'];

/** The members of the `data` oneof of a Part: exactly one must be set. */
export const PART_DATA_FIELDS: readonly string[] = [
  'text',
  'inlineData',
  'fileData',
  'functionCall',
  'functionResponse',
  'executableCode',
  'codeExecutionResult',
  'toolCall',
  'toolResponse',
];

const PART_FIELDS: ReadonlySet<string> = new Set([
  ...PART_DATA_FIELDS,
  'thought',
  'thoughtSignature',
  'videoMetadata',
  'partMetadata',
  'mediaResolution',
  'audioTranscription',
]);
const STRUCT = 'type.googleapis.com/google.protobuf.Struct';
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * Problems of the request's `contents`: missing or empty, a role other than `user`/`model`, empty `parts`, and
 * malformed parts (see {@link partProblems}). The pairing of calls and responses is {@link functionTurnProblems}.
 */
export function contentsProblems(contents: unknown, path = 'contents'): string[] {
  if (contents === undefined || (Array.isArray(contents) && contents.length === 0)) {
    return [violation(path, 'contents is not specified')];
  }
  if (!Array.isArray(contents))
    return [invalidValue(path, 'type.googleapis.com/google.ai.generativelanguage.v1beta.Content', contents)];
  return contents.flatMap((content, i) => contentProblems(content, at(path, i), true));
}

/** Problems of one Content; `withRole` is false for `systemInstruction`, whose role the API ignores. */
export function contentProblems(content: unknown, path: string, withRole: boolean): string[] {
  if (!isJsonObject(content))
    return [invalidValue(path, 'type.googleapis.com/google.ai.generativelanguage.v1beta.Content', content)];
  const problems = unknownKeys(content, new Set(['role', 'parts'])).map((key) => unknownField(key, path));
  if (withRole && content.role !== undefined && !CONTENT_ROLES.includes(content.role as string)) {
    problems.push(
      violation(at(path, 'role'), `Please use a valid role: user, model. Got ${JSON.stringify(content.role)}.`),
    );
  }
  const parts = content.parts;
  if (parts === undefined || (Array.isArray(parts) && parts.length === 0)) {
    problems.push(violation(at(path, 'parts'), 'contents.parts must not be empty.'));
  } else if (!Array.isArray(parts)) {
    problems.push(
      invalidValue(at(path, 'parts'), 'type.googleapis.com/google.ai.generativelanguage.v1beta.Part', parts),
    );
  } else {
    parts.forEach((part, j) => {
      problems.push(...partProblems(part, at(at(path, 'parts'), j)));
    });
  }
  return problems;
}

/**
 * Problems of one Part: unknown fields, no data field or more than one, a function call whose `args` or a function
 * response whose `response` is not a JSON object, a thought signature that is not base64.
 */
export function partProblems(part: unknown, path: string): string[] {
  if (!isJsonObject(part))
    return [invalidValue(path, 'type.googleapis.com/google.ai.generativelanguage.v1beta.Part', part)];
  const problems = unknownKeys(part, PART_FIELDS).map((key) => unknownField(key, path));
  const set = PART_DATA_FIELDS.filter((name) => field(part, name) !== undefined);
  if (set.length === 0)
    problems.push(violation(at(path, 'data'), "required oneof field 'data' must have one initialized field"));
  for (const extra of set.slice(1)) {
    problems.push(
      `Invalid JSON payload received. Oneof field 'data' is already set. Cannot set '${extra}' at '${path}'.`,
    );
  }

  const text = part.text;
  if (text !== undefined && typeof text !== 'string')
    problems.push(invalidValue(at(path, 'text'), 'TYPE_STRING', text));
  if (part.thought !== undefined && typeof part.thought !== 'boolean') {
    problems.push(invalidValue(at(path, 'thought'), 'TYPE_BOOL', part.thought));
  }
  const signature = field(part, 'thoughtSignature');
  if (signature !== undefined && (typeof signature !== 'string' || !BASE64.test(signature))) {
    problems.push(`${invalidValue(at(path, 'thought_signature'), 'TYPE_BYTES', signature)} (Base64 decoding failed)`);
  }

  const call = field(part, 'functionCall');
  if (call !== undefined) problems.push(...functionCallProblems(call, at(path, 'function_call')));
  const response = field(part, 'functionResponse');
  if (response !== undefined) problems.push(...functionResponseProblems(response, at(path, 'function_response')));
  return problems;
}

function functionCallProblems(call: unknown, path: string): string[] {
  if (!isJsonObject(call)) return [invalidValue(path, 'FunctionCall', call)];
  const problems = unknownKeys(call, new Set(['id', 'name', 'args', 'partialArgs', 'willContinue'])).map((key) =>
    unknownField(key, path),
  );
  if (typeof call.name !== 'string' || call.name === '')
    problems.push(violation(at(path, 'name'), 'Name cannot be empty.'));
  if (call.id !== undefined && typeof call.id !== 'string')
    problems.push(invalidValue(at(path, 'id'), 'TYPE_STRING', call.id));
  problems.push(...structProblems(call.args, 'args', path));
  return problems;
}

function functionResponseProblems(response: unknown, path: string): string[] {
  if (!isJsonObject(response)) return [invalidValue(path, 'FunctionResponse', response)];
  const problems = unknownKeys(
    response,
    new Set(['id', 'name', 'response', 'willContinue', 'scheduling', 'parts']),
  ).map((key) => unknownField(key, path));
  if (typeof response.name !== 'string' || response.name === '') {
    problems.push(violation(at(path, 'name'), 'Name cannot be empty.'));
  }
  if (response.id !== undefined && typeof response.id !== 'string') {
    problems.push(invalidValue(at(path, 'id'), 'TYPE_STRING', response.id));
  }
  problems.push(...structProblems(response.response, 'response', path));
  return problems;
}

// A google.protobuf.Struct field: a JSON object, never an array or a scalar.
function structProblems(value: unknown, name: string, parentPath: string): string[] {
  if (value === undefined || isJsonObject(value)) return [];
  if (Array.isArray(value)) return [notRepeating(name, parentPath)];
  return [invalidValue(at(parentPath, name), STRUCT, value)];
}
