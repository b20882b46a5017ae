import type { ToolContentBlock } from '../tool-content.js';
import { capMedia } from './media-cap.js';
import { normalizeResult, type NormalizeOptions } from './normalize-result.js';
import type { FunctionResponseBody, FunctionResponsePart } from './types.js';

type Media = NonNullable<FunctionResponsePart['functionResponse']['parts']>[number];

/**
 * Content blocks as Gemini takes them: the text joined as the output, text resources as attachments beside it (the
 * shape an imported MCP tool's answer has), images and audio as inline-data parts. Other binary resources are
 * named, not sent: Gemini takes only some media types in a function response.
 */
export function contentResponse(
  blocks: readonly ToolContentBlock[],
  options: Readonly<Required<NormalizeOptions>>,
): { response: FunctionResponseBody; parts?: Media[] } {
  const texts: string[] = [];
  const attachments: unknown[] = [];
  const parts: Media[] = [];
  for (const block of blocks) collect(block, texts, attachments, parts);
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

/**
 * The blocks held to the answer's caps, as they are served and as the model gets them: media past `maxMediaSize`
 * base64 characters is replaced by a text block that says so, and text (blocks and text resources) past `maxSize`
 * characters is cut, with a last block that says so. A tool's 50 MB image must not reach a client or the model.
 */
export function capContentBlocks(
  blocks: readonly ToolContentBlock[],
  limits: { maxSize: number; maxMediaSize: number },
): readonly ToolContentBlock[] {
  let left = limits.maxSize;
  let cut = false;
  const withinText = blocks.map((block): ToolContentBlock => {
    const text = textOf(block);
    if (text === undefined || text.length <= left) {
      left -= text?.length ?? 0;
      return block;
    }
    const kept = text.slice(0, left);
    left = 0;
    cut = true;
    if (block.type === 'resource') return { type: 'resource', resource: { ...block.resource, text: kept } };
    return { type: 'text', text: kept };
  });
  // The notes for media left out come after the text cap, so that it never cuts them.
  const capped = capMedia(withinText, mediaOfBlock, limits.maxMediaSize).map(
    (item): ToolContentBlock => (typeof item === 'string' ? { type: 'text', text: item } : item),
  );
  if (!cut) return capped.some((block, i) => block !== blocks[i]) ? capped : blocks;
  const cap = limits.maxSize.toLocaleString('en-US');
  return [
    ...capped,
    { type: 'text', text: `[truncated: the text of one answer is capped at ${cap} characters (maxResultSize)]` },
  ];
}

function textOf(block: ToolContentBlock): string | undefined {
  if (block.type === 'text') return block.text;
  if (block.type === 'resource' && 'text' in block.resource) return block.resource.text;
  return undefined;
}

function mediaOfBlock(block: ToolContentBlock): { mimeType: string; size: number } | undefined {
  if (block.type === 'image' || block.type === 'audio') return { mimeType: block.mimeType, size: block.data.length };
  if (block.type === 'resource' && 'blob' in block.resource)
    return { mimeType: block.resource.mimeType ?? 'application/octet-stream', size: block.resource.blob.length };
  return undefined;
}

const blocksOf = new WeakMap<FunctionResponsePart, readonly ToolContentBlock[]>();

/** The response part of a call whose tool returned `toolContent(...)`, remembered with its blocks. */
export function contentPart(part: FunctionResponsePart, blocks: readonly ToolContentBlock[]): FunctionResponsePart {
  blocksOf.set(part, blocks);
  return part;
}

/**
 * The content blocks a tool returned for this answer of `toolbox.call` (undefined when it returned plain data): what
 * an MCP server sends as the result's `content`.
 */
export function toolContentOf(part: FunctionResponsePart): readonly ToolContentBlock[] | undefined {
  return blocksOf.get(part);
}
