import { capMedia, normalizeResult, type ToolErrorPayload } from '@toolwright/core';
import type { RemoteAnswer } from './call-result.js';

/**
 * A remote result held to the size a Toolbox holds its own tools' results to (`maxResultSize` characters of JSON,
 * cut the same way, flagged `truncated: true`): a server's 8 MB answer must not become 8 MB of the model's context.
 * An error is cut the same way, its name and message kept as text. Media (inline-data parts) past `maxMediaSize`
 * base64 characters is left out, and the output says what was (flagged `truncated: true` too).
 */
export function capAnswer(answer: RemoteAnswer, maxSize: number, maxMediaSize: number): RemoteAnswer {
  return capText(capParts(answer, maxMediaSize), maxSize);
}

function capParts(answer: RemoteAnswer, maxMediaSize: number): RemoteAnswer {
  if (!answer.parts) return answer;
  const capped = capMedia(
    answer.parts,
    (part) => ({ mimeType: part.inlineData.mimeType, size: part.inlineData.data.length }),
    maxMediaSize,
  );
  const notes = capped.filter((item): item is string => typeof item === 'string');
  if (notes.length === 0) return answer;
  const parts = capped.filter((item): item is NonNullable<RemoteAnswer['parts']>[number] => typeof item !== 'string');
  const { response } = answer;
  const body: RemoteAnswer['response'] =
    'error' in response
      ? { error: { ...response.error, message: [response.error.message, ...notes].join('\n') } }
      : {
          output:
            typeof response.output === 'string'
              ? [response.output, ...notes].join('\n')
              : { result: response.output, omitted: notes },
          truncated: true,
        };
  return parts.length ? { response: body, parts } : { response: body };
}

function capText(answer: RemoteAnswer, maxSize: number): RemoteAnswer {
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
