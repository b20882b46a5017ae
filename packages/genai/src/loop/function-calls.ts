import type { Content, FunctionCall } from '@google/genai';
import { GEMINI_MAX_TOOL_NAME_LENGTH } from '@toolwright/core';
import { kindOf } from './reply-shape.js';

/** The API's call ids are short; a longer one is not echoed back (the echo would be as big as the model made it). */
export const MAX_CALL_ID_LENGTH = 1_024;

/** The calls of a model turn, or what makes one of them malformed (said in words the model can act on). */
export type TurnCalls = { calls: FunctionCall[]; malformed?: undefined } | { calls?: undefined; malformed: string };

/**
 * Reads the function calls of a model turn. A call the API would refuse to get back (no name, a name no function
 * can have, arguments that are not an object, an id that is not a short text) makes the whole turn malformed, as
 * MALFORMED_FUNCTION_CALL does: none of its calls runs and the turn never enters the history.
 */
export function readCalls(content: Content | undefined): TurnCalls {
  const calls: FunctionCall[] = [];
  for (const part of content?.parts ?? []) {
    const call: unknown = part.functionCall;
    if (call === undefined) continue;
    const which = `function call ${calls.length + 1}`;
    if (typeof call !== 'object' || call === null || Array.isArray(call))
      return { malformed: `${which} is ${kindOf(call)}, not an object` };
    const { name, args, id } = call as Record<string, unknown>;
    if (name === undefined || name === null || name === '') return { malformed: `${which} has no name` };
    if (typeof name !== 'string') return { malformed: `the name of ${which} is ${kindOf(name)}, not a text` };
    if (name.length > GEMINI_MAX_TOOL_NAME_LENGTH) {
      const malformed = `the name of ${which} is ${name.length} characters long; function names have at most `;
      return { malformed: `${malformed}${GEMINI_MAX_TOOL_NAME_LENGTH}` };
    }
    if (args !== undefined && args !== null && (typeof args !== 'object' || Array.isArray(args))) {
      return { malformed: `the arguments of ${which} (${name}) are ${kindOf(args)}, not an object of named arguments` };
    }
    if (id !== undefined && id !== null && typeof id !== 'string')
      return { malformed: `the id of ${which} (${name}) is ${kindOf(id)}, not a text` };
    if (typeof id === 'string' && id.length > MAX_CALL_ID_LENGTH) {
      return {
        malformed:
          `the id of ${which} (${name}) is ${id.length} characters long; call ids have at ` +
          `most ${MAX_CALL_ID_LENGTH}`,
      };
    }
    calls.push(call as FunctionCall);
  }
  return { calls };
}

/** The content without its function calls (what is left of a turn whose calls are not run), or undefined if empty. */
export function withoutCalls(content: Content | undefined): Content | undefined {
  const parts = content?.parts?.filter((part) => part.functionCall === undefined) ?? [];
  return parts.length ? { ...content, parts } : undefined;
}
