import { normalizeResult, type ToolErrorPayload } from '@toolwright/core';
import type { RemoteAnswer } from './call-result.js';

/**
 * A remote result held to the size a Toolbox holds its own tools' results to (`maxResultSize` characters of JSON,
 * cut the same way, flagged `truncated: true`): a server's 8 MB answer must not become 8 MB of the model's context.
 * An error is cut the same way, its name and message kept as text.
 */
export function capAnswer(answer: RemoteAnswer, maxSize: number): RemoteAnswer {
  const { response } = answer;
  if ('error' in response) {
    const capped = normalizeResult(response.error, { maxSize }).value as Partial<ToolErrorPayload> | null;
    const name = typeof capped?.name === 'string' ? capped.name : response.error.name;
    const error: ToolErrorPayload = {
      ...(typeof capped === 'object' && capped !== null ? capped : {}),
      ...(name !== undefined ? { name } : {}),
      message: typeof capped?.message === 'string' ? capped.message : '(the error text did not fit the size cap)',
    };
    return { ...answer, response: { error } };
  }
  const normalized = normalizeResult(response.output, { maxSize });
  if (!normalized.truncated) return answer;
  return { ...answer, response: { output: normalized.value, truncated: true } };
}
