import type { FunctionResponseBody, ToolErrorPayload } from '@toolwright/core';

type Media = { inlineData: { mimeType: string; data: string } };

/** A remote tool's result as the model gets it: the response body, and media as inline-data parts. */
export interface RemoteAnswer {
  response: FunctionResponseBody;
  parts?: Media[];
}

interface ContentBlock {
  type?: unknown;
  text?: unknown;
  data?: unknown;
  mimeType?: unknown;
  resource?: { uri?: unknown; text?: unknown; blob?: unknown; mimeType?: unknown };
  uri?: unknown;
  name?: unknown;
}

/**
 * A `CallToolResult` as a function response: `structuredContent` first; else the text content (parsed when it is
 * JSON, joined when there are several); images and audio as inline-data parts; resources and links as what they
 * say. `isError` becomes `{ error: { message } }` with the server's text.
 */
export function answerFromResult(result: unknown, toolName: string): RemoteAnswer {
  const record = (typeof result === 'object' && result !== null ? result : {}) as {
    content?: unknown;
    structuredContent?: unknown;
    isError?: unknown;
    toolResult?: unknown;
  };
  const blocks = (Array.isArray(record.content) ? record.content : []) as ContentBlock[];
  // The common case, one text block and nothing else: no lists to build.
  const only = blocks.length === 1 ? blocks[0] : undefined;
  if (
    only?.type === 'text' &&
    typeof only.text === 'string' &&
    record.isError !== true &&
    record.structuredContent == null &&
    record.toolResult === undefined
  ) {
    return { response: { output: parseJson(only.text) } };
  }
  const texts: string[] = [];
  const parts: Media[] = [];
  const extras: unknown[] = [];
  for (const block of blocks) {
    if (block?.type === 'text' && typeof block.text === 'string') texts.push(block.text);
    else if (
      (block?.type === 'image' || block?.type === 'audio') &&
      typeof block.data === 'string' &&
      typeof block.mimeType === 'string'
    ) {
      parts.push({ inlineData: { mimeType: block.mimeType, data: block.data } });
    } else if (block?.type === 'resource' && block.resource) {
      const { uri, text, blob, mimeType } = block.resource;
      if (typeof blob === 'string' && typeof mimeType === 'string' && /^(image|audio)\//.test(mimeType)) {
        parts.push({ inlineData: { mimeType, data: blob } });
      } else
        extras.push({
          resource: {
            uri,
            ...(typeof text === 'string' ? { text } : {}),
            ...(typeof mimeType === 'string' ? { mimeType } : {}),
          },
        });
    } else if (block?.type === 'resource_link') extras.push({ resourceLink: { uri: block.uri, name: block.name } });
  }
  if (record.isError === true) {
    // A server that sends the error object as JSON (as serveMcp does, after the message) keeps its details.
    const detailed = texts.map(parseJson).find((value): value is ToolErrorPayload => isErrorPayload(value));
    if (detailed) return withMedia({ response: { error: detailed } }, parts);
    const message = texts.join('\n') || `Tool "${toolName}" failed`;
    return withMedia({ response: { error: { name: 'ToolError', message } } }, parts);
  }
  let output: unknown;
  if (record.structuredContent !== undefined && record.structuredContent !== null) output = record.structuredContent;
  else if (record.toolResult !== undefined)
    output = record.toolResult; // protocol 2024-10-07
  else if (texts.length === 1) output = parseJson(texts[0]!);
  else if (texts.length > 1) output = texts.join('\n');
  else output = null;
  if (extras.length) output = output === null ? extras : { result: output, attachments: extras };
  if (output === null && parts.length) output = `${parts.length} media part${parts.length === 1 ? '' : 's'} attached`;
  return withMedia({ response: { output } }, parts);
}

function withMedia(answer: RemoteAnswer, parts: Media[]): RemoteAnswer {
  if (parts.length) answer.parts = parts;
  return answer;
}

function parseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{"]|^-?\d|^(true|false|null)$/.test(trimmed)) return text;
  try {
    return JSON.parse(trimmed);
  } catch {
    return text;
  }
}

function isErrorPayload(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
