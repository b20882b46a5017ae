import type { StopReason } from '../result.js';
import type { ReplyRead } from './calling/calling-strategy.js';
import type { ModelReply } from './model-call/model-reply.js';
import { isBrokenCall, isEmptyAnswer, stopReasonOf } from './stop-reason.js';

/** What the loop does after a reply. */
export type TurnOutcome =
  /** A call the API would refuse to get back, or a finish reason that says the model's call broke: retry once. */
  | { kind: 'broken'; finishReason: string; message: string | undefined }
  /** No answer at all (no candidate, no parts, only empty text): send the same request once more. */
  | { kind: 'empty' }
  /** The run ends here. */
  | { kind: 'final'; stopReason: StopReason }
  /** Run the calls and go on. */
  | { kind: 'tools' };

/** Where the run stands when a reply comes. */
export interface TurnState {
  /** Calling was off for this request (the turn limit was reached). */
  final: boolean;
  /** The turn before was a broken call, already retried. */
  brokenCallRetried: boolean;
  /** The turn before was an empty answer, already asked again. */
  emptyRetried: boolean;
}

/** Classifies a reply. Pure: the loop acts on the outcome. */
export function classifyTurn(reply: ModelReply, read: ReplyRead, state: TurnState): TurnOutcome {
  const { final } = state;
  const { malformed } = read;
  // Prompt mode: calls the model wrote but that cannot run still need an answer (feedback), so the turn goes on.
  const unanswered = read.calls.length === 0 && read.problems.length === 0;
  // A call the API would refuse to get back (no name, say) is a malformed call, whatever the finish reason.
  const broken = malformed !== undefined || (unanswered && isBrokenCall(reply.finishReason));
  if (broken && !final && !state.brokenCallRetried) {
    const finishReason = malformed !== undefined ? 'MALFORMED_FUNCTION_CALL' : reply.finishReason!;
    return { kind: 'broken', finishReason, message: malformed ?? reply.finishMessage };
  }
  // Gemini sometimes answers with nothing at all, most often after tool results: that is no answer.
  const empty = !broken && unanswered && !reply.blocked && isEmptyAnswer(reply.content, reply.finishReason);
  if (empty && !state.emptyRetried && !final) return { kind: 'empty' };
  if (unanswered || broken || final) {
    const stopReason: StopReason = final
      ? 'max_turns'
      : malformed !== undefined
        ? 'malformed_call'
        : empty
          ? 'empty_response'
          : stopReasonOf(reply.finishReason, reply.blocked);
    return { kind: 'final', stopReason };
  }
  return { kind: 'tools' };
}
