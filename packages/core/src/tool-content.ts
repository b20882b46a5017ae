/**
 * What a tool can answer besides JSON: text, images, audio and embedded resources, in order (MCP's content blocks).
 * Return `toolContent([...])` from a tool: served over MCP the blocks are the result's `content`; for the Agent,
 * text becomes the function response's output and images and audio become inline-data parts beside it (Gemini 3
 * reads multimodal function responses).
 */
export type ToolContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: EmbeddedResource };

/** A resource carried whole in the answer: text, or binary data in base64 (`blob`). */
export type EmbeddedResource =
  | { uri: string; mimeType?: string; text: string }
  | { uri: string; mimeType?: string; blob: string };

const BRAND = Symbol.for('toolwright.toolContent');

/** A tool's answer as content blocks; made by {@link toolContent}. */
export interface ToolContent {
  readonly [BRAND]: true;
  readonly blocks: readonly ToolContentBlock[];
}

/**
 * A tool's answer as content blocks. A string stands for a text block; images and audio take base64 text or bytes
 * (`imageContent(png, 'image/png')`). Throws a TypeError for a malformed block (a programmer's error: the Toolbox
 * turns it into the call's error).
 */
export function toolContent(blocks: ReadonlyArray<ToolContentBlock | string>): ToolContent {
  if (!Array.isArray(blocks)) throw new TypeError('toolContent(blocks): blocks must be an array');
  const checked = blocks.map((block, index) =>
    checkBlock(typeof block === 'string' ? { type: 'text', text: block } : block, index),
  );
  return Object.freeze({ [BRAND]: true as const, blocks: Object.freeze(checked) });
}

export function isToolContent(value: unknown): value is ToolContent {
  return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
}

/** An image block from bytes or base64 text. */
export function imageContent(data: Uint8Array | string, mimeType: string): ToolContentBlock {
  return { type: 'image', data: base64(data), mimeType };
}

/** An audio block from bytes or base64 text. */
export function audioContent(data: Uint8Array | string, mimeType: string): ToolContentBlock {
  return { type: 'audio', data: base64(data), mimeType };
}

/** An embedded resource: text as it is, bytes as a base64 `blob`. */
export function resourceContent(uri: string, body: string | Uint8Array, mimeType?: string): ToolContentBlock {
  const resource: EmbeddedResource = typeof body === 'string' ? { uri, text: body } : { uri, blob: base64(body) };
  if (mimeType !== undefined) resource.mimeType = mimeType;
  return { type: 'resource', resource };
}

function checkBlock(block: ToolContentBlock, index: number): ToolContentBlock {
  const at = `toolContent: block ${index}`;
  if (typeof block !== 'object' || block === null) throw new TypeError(`${at} must be an object or a string`);
  switch (block.type) {
    case 'text':
      if (typeof block.text !== 'string') throw new TypeError(`${at}: text must be a string`);
      return { type: 'text', text: block.text };
    case 'image':
    case 'audio':
      if (typeof block.data !== 'string' || !BASE64.test(block.data))
        throw new TypeError(`${at}: data must be base64 text (or pass bytes to ${block.type}Content)`);
      if (typeof block.mimeType !== 'string' || !MIME.test(block.mimeType))
        throw new TypeError(`${at}: mimeType must be a media type such as "${block.type}/png"`);
      return { type: block.type, data: block.data, mimeType: block.mimeType };
    case 'resource':
      return { type: 'resource', resource: checkResource(block.resource, at) };
    default:
      throw new TypeError(`${at}: type must be text, image, audio or resource`);
  }
}

function checkResource(resource: EmbeddedResource, at: string): EmbeddedResource {
  if (typeof resource !== 'object' || resource === null || typeof resource.uri !== 'string')
    throw new TypeError(`${at}: resource must have a uri`);
  if (resource.mimeType !== undefined && (typeof resource.mimeType !== 'string' || !MIME.test(resource.mimeType)))
    throw new TypeError(`${at}: resource mimeType must be a media type`);
  const mime = resource.mimeType !== undefined ? { mimeType: resource.mimeType } : {};
  if ('text' in resource && typeof resource.text === 'string')
    return { uri: resource.uri, ...mime, text: resource.text };
  if ('blob' in resource && typeof resource.blob === 'string' && BASE64.test(resource.blob))
    return { uri: resource.uri, ...mime, blob: resource.blob };
  throw new TypeError(`${at}: resource must have text, or a blob of base64 text`);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MIME = /^[\w.+-]+\/[\w.+-]+$/;

/** Bytes as base64 with `btoa` (in every runtime, Node's Buffer is not), a chunk at a time to keep calls small. */
function base64(data: Uint8Array | string): string {
  if (typeof data === 'string') return data;
  let binary = '';
  for (let start = 0; start < data.length; start += 0x8000) {
    binary += String.fromCharCode(...data.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
