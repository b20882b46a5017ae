import type { Content } from '@google/genai';
import type { StopReason } from '../result.js';

const safety = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/** Maps the API's finish reason of the last reply to the run's stop reason. */
export function stopReasonOf(finishReason: string | undefined, blocked: boolean): StopReason {
  if (blocked) return 'safety';
  if (finishReason === undefined || finishReason === 'STOP' || finishReason === 'FINISH_REASON_UNSPECIFIED')
    return 'stop';
  if (finishReason === 'MAX_TOKENS') return 'max_tokens';
  if (safety.has(finishReason)) return 'safety';
  if (finishReason === 'MALFORMED_FUNCTION_CALL') return 'malformed_call';
  if (finishReason === 'UNEXPECTED_TOOL_CALL') return 'unexpected_tool_call';
  if (finishReason === 'TOO_MANY_TOOL_CALLS') return 'too_many_tool_calls';
  return 'other';
}

/** Finish reasons that mean "the model tried to call and failed": retried once with feedback. */
export function isBrokenCall(finishReason: string | undefined): boolean {
  return finishReason === 'MALFORMED_FUNCTION_CALL' || finishReason === 'UNEXPECTED_TOOL_CALL';
}

/** A reply that says nothing: no parts, or only empty non-thought text, with a finish reason of plain stop. */
export function isEmptyAnswer(content: Content | undefined, finishReason: string | undefined): boolean {
  if (finishReason !== undefined && finishReason !== 'STOP' && finishReason !== 'FINISH_REASON_UNSPECIFIED')
    return false;
  return (content?.parts ?? []).every((part) =>
    Object.keys(part).every(
      (key) =>
        key === 'thoughtSignature' || key === 'thought' || (key === 'text' && (part.thought || !part.text?.trim())),
    ),
  );
}
