import type { ToolContent, ToolContentBlock } from '../tool-content.js';
import { normalizeResult, type NormalizeOptions } from './normalize-result.js';
import type { FunctionResponseBody, FunctionResponsePart } from './types.js';

type Media = NonNullable<FunctionResponsePart['functionResponse']['parts']>[number];

/**
 * Content blocks as Gemini takes them: the text joined as the output, text resources as attachments beside it (the
 * shape an imported MCP tool's answer has), images and audio as inline-data parts. Other binary resources are
 * named, not sent: Gemini takes only some media types in a function response.
 */
export function contentResponse(
  content: ToolContent,
  options: Readonly<Required<NormalizeOptions>>,
): { response: FunctionResponseBody; parts?: Media[] } {
  const texts: string[] = [];
  const attachments: unknown[] = [];
  const parts: Media[] = [];
  for (const block of content.blocks) collect(block, texts, attachments, parts);
  let output: unknown = texts.length ? texts.join('\n') : null;
  if (attachments.length) output = output === null ? attachments : { result: output, attachments };
  if (output === null && parts.length) output = `${parts.length} media part${parts.length === 1 ? '' : 's'} attached`;
  const normalized = normalizeResult(output, options);
  const response: FunctionResponseBody = normalized.truncated
    ? { output: normalized.value, truncated: true }
    : { output: normalized.value };
  return parts.length ? { response, parts } : { response };
}

function collect(block: ToolContentBlock, texts: string[], attachments: unknown[], parts: Media[]): void {
  if (block.type === 'text') texts.push(block.text);
  else if (block.type === 'image' || block.type === 'audio')
    parts.push({ inlineData: { mimeType: block.mimeType, data: block.data } });
  else if ('text' in block.resource) attachments.push({ resource: block.resource });
  else if (block.resource.mimeType !== undefined && /^(image|audio)\//.test(block.resource.mimeType))
    parts.push({ inlineData: { mimeType: block.resource.mimeType, data: block.resource.blob } });
  else {
    const { uri, mimeType } = block.resource;
    attachments.push({ resource: { uri, ...(mimeType !== undefined ? { mimeType } : {}), binary: true } });
  }
}

const blocksOf = new WeakMap<FunctionResponsePart, readonly ToolContentBlock[]>();

/** The response part of a call whose tool returned `toolContent(...)`, remembered with its blocks. */
export function contentPart(part: FunctionResponsePart, content: ToolContent): FunctionResponsePart {
  blocksOf.set(part, content.blocks);
  return part;
}

/**
 * The content blocks a tool returned for this answer of `toolbox.call` (undefined when it returned plain data): what
 * an MCP server sends as the result's `content`.
 */
export function toolContentOf(part: FunctionResponsePart): readonly ToolContentBlock[] | undefined {
  return blocksOf.get(part);
}
