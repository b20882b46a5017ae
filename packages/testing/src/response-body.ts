import { randomBytes } from 'node:crypto';
import type { Candidate, GenerateContentResponse, Part, UsageMetadata } from './wire.js';

export interface TurnMeta {
  model: string;
  responseId: string;
}

export function newResponseId(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * One GenerateContentResponse: a single candidate holding `parts` (content `{}` when there are none, as the API sends
 * for MALFORMED_FUNCTION_CALL), plus the finish reason and usage when given (the last event of a stream, or a
 * whole reply).
 */
export function responseBody(
  parts: readonly Part[],
  meta: TurnMeta,
  end?: { finishReason: string; finishMessage?: string; usage: UsageMetadata },
): GenerateContentResponse {
  const candidate: Candidate = { content: parts.length ? { role: 'model', parts: [...parts] } : {}, index: 0 };
  if (end) {
    candidate.finishReason = end.finishReason;
    if (end.finishMessage !== undefined) candidate.finishMessage = end.finishMessage;
  }
  const body: GenerateContentResponse = {
    candidates: [candidate],
    modelVersion: meta.model,
    responseId: meta.responseId,
  };
  if (end) body.usageMetadata = end.usage;
  return body;
}
