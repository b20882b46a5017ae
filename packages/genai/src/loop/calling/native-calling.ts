import { readCalls, withoutCalls } from '../function-calls.js';
import { answerText } from '../merge-parts.js';
import type { CallingStrategy, TextReader } from './calling-strategy.js';

/** Native text is shown as it comes: nothing in it is a call. */
const passThrough: TextReader = { push: (text) => text, end: () => ({ rest: '' }) };

/** Native function calling: the request goes as the loop built it; calls and answers are functionCall parts. */
export const nativeCalling: CallingStrategy = {
  shape: (request) => request,
  textReader: () => passThrough,
  read(reply) {
    // Only calls the API takes back run; one it would refuse makes the turn malformed.
    const read = readCalls(reply.content);
    return { calls: read.calls ?? [], malformed: read.malformed, problems: [] };
  },
  kept: (reply) => withoutCalls(reply.content),
  answerText: (reply) => answerText(withoutCalls(reply.content)),
  answers: (executed) => ({ role: 'user', parts: executed.map((call) => call.part) }),
};
