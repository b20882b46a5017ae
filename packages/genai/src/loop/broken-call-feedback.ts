import type { Content } from '@google/genai';

/** The user turn that tells the model its call broke, and asks it once more. */
export function brokenCallFeedback(finishReason: string, finishMessage: string | undefined): Content {
  // The message comes from the server or describes the model's call: bounded, so that no reply can grow the history.
  const why = finishMessage
    ? ` (${finishMessage.length > 500 ? `${finishMessage.slice(0, 500)}...` : finishMessage})`
    : '';
  const text =
    finishReason === 'UNEXPECTED_TOOL_CALL'
      ? `Your last reply called a tool that is not available here${why}. Use only the declared functions, or ` +
        'answer in text.'
      : `Your last function call could not be parsed${why}. Call a declared function again with arguments that ` +
        'are valid JSON matching its schema, or answer in text.';
  return { role: 'user', parts: [{ text }] };
}
