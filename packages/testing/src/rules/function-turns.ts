import { field, isJsonObject } from './fields.js';
import { at, violation } from './messages.js';

interface CallRef {
  name: string;
  id?: string;
}

/**
 * Problems of the pairing of function calls and function responses in `contents`: function responses must come in
 * the content right after the model turn that made the calls, one response per call, each answering a call of that
 * turn by `id` (when the calls had ids) and by `name`. A model turn with calls must be answered: it cannot be the
 * last content of a request either.
 */
export function functionTurnProblems(contents: unknown, path = 'contents'): string[] {
  if (!Array.isArray(contents)) return [];
  const problems: string[] = [];
  contents.forEach((content, i) => {
    const responses = partsWith(content, 'functionResponse');
    const previousCalls = i > 0 ? partsWith(contents[i - 1], 'functionCall') : [];
    const contentPath = at(path, i);

    if (responses.length > 0) {
      const previous = contents[i - 1];
      if (previousCalls.length === 0 || !isJsonObject(previous) || previous.role !== 'model') {
        problems.push(
          'Please ensure that function response turn comes immediately after a function call turn (at ' +
            `'${contentPath}': ` +
            `${i === 0 ? 'it is the first content' : `${at(path, i - 1)} holds no function call of the model`}).`,
        );
        return;
      }
      if (responses.length !== previousCalls.length) {
        problems.push(countProblem(contentPath, responses.length, previousCalls.length, at(path, i - 1)));
        return;
      }
      problems.push(...matchProblems(responses, previousCalls, contentPath, at(path, i - 1)));
      return;
    }

    // A model turn with calls followed by a content that answers none of them.
    if (previousCalls.length > 0) problems.push(countProblem(contentPath, 0, previousCalls.length, at(path, i - 1)));

    const calls = partsWith(content, 'functionCall');
    if (calls.length === 0) return;
    // The request ends on calls nobody answered (a history cut at a turn limit, sent again as it is).
    if (i === contents.length - 1) {
      problems.push(
        'Please ensure that the number of function response parts is equal to the number of function call parts ' +
          'of the ' +
          `function call turn (0 function response part(s) for ${calls.length} function call part(s) ` +
          `in ${contentPath}: ` +
          'the request ends on the function call turn).',
      );
    }
  });
  return problems;
}

function countProblem(contentPath: string, responses: number, calls: number, callPath: string): string {
  return (
    'Please ensure that the number of function response parts is equal to the number of function call parts of the ' +
    `function call turn (at '${contentPath}.parts': ${responses} function response part(s) for ${calls} function ` +
    `call part(s) in ${callPath}).`
  );
}

function matchProblems(
  responses: Array<{ ref: CallRef; index: number }>,
  calls: Array<{ ref: CallRef; index: number }>,
  contentPath: string,
  callPath: string,
): string[] {
  const problems: string[] = [];
  const open = calls.map((c) => c.ref);
  for (const { ref, index } of responses) {
    const responsePath = `${contentPath}.parts[${index}].function_response`;
    const withIds = open.some((c) => c.id !== undefined);
    let match: number;
    if (withIds) {
      match = open.findIndex((c) => c.id === ref.id);
      if (match < 0) {
        const expected = open.map((c) => JSON.stringify(c.id ?? '')).join(', ');
        problems.push(
          violation(
            `${responsePath}.id`,
            `${JSON.stringify(ref.id ?? '')} does not answer a function call of ${callPath} (open call ` +
              `ids: ${expected})`,
          ),
        );
        continue;
      }
      const call = open[match];
      if (call && call.name !== ref.name) {
        const text =
          `"${ref.name}" does not match the name "${call.name}" of the call with id ${JSON.stringify(call.id)} ` +
          `in ${callPath}`;
        problems.push(violation(`${responsePath}.name`, text));
      }
    } else {
      match = open.findIndex((c) => c.name === ref.name);
      if (match < 0) {
        const expected = open.map((c) => JSON.stringify(c.name)).join(', ');
        problems.push(
          violation(
            `${responsePath}.name`,
            `"${ref.name}" does not answer a function call of ${callPath} (open calls: ${expected})`,
          ),
        );
        continue;
      }
    }
    open.splice(match, 1);
  }
  return problems;
}

function partsWith(
  content: unknown,
  kind: 'functionCall' | 'functionResponse',
): Array<{ ref: CallRef; index: number }> {
  if (!isJsonObject(content) || !Array.isArray(content.parts)) return [];
  const found: Array<{ ref: CallRef; index: number }> = [];
  content.parts.forEach((part, index) => {
    const value = isJsonObject(part) ? field(part, kind) : undefined;
    if (!isJsonObject(value)) return;
    const ref: CallRef = { name: String(value.name ?? '') };
    if (typeof value.id === 'string') ref.id = value.id;
    found.push({ ref, index });
  });
  return found;
}
