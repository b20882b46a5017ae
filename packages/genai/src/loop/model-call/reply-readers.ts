import type {
  GenerateContentParameters,
  GenerateContentResponse,
  GenerateContentResponseUsageMetadata,
} from '@google/genai';
import type { TextReader } from '../calling/calling-strategy.js';
import { debugJson } from '../debug.js';
import type { EventInput } from '../event-input.js';
import { StreamedContent } from '../merge-parts.js';
import { MalformedReply, readCandidate } from '../reply-shape.js';
import type { AgentSetup } from '../setup.js';
import type { ChatSpan } from '../telemetry/run-telemetry.js';
import { StreamBroken, type ModelReply } from './model-reply.js';
import type { RequestLimit } from './request-limit.js';

/** What reading one reply needs of its run. */
export interface ReplyTarget {
  readonly setup: AgentSetup;
  readonly isAborted: boolean;
  emit(event: EventInput): void;
  debug(line: string): void;
}

/** How one reply is read: its text reader, the request's time limit, and its span when telemetry is on. */
export interface ReadContext {
  reader: TextReader;
  requests: RequestLimit;
  chat: ChatSpan | undefined;
}

/** Every raw reply goes to the debug log, out as a `response` event, and to the request's span. */
function observe(run: ReplyTarget, response: GenerateContentResponse, turn: number, chat: ChatSpan | undefined): void {
  if (run.setup.debug) run.debug(`turn ${turn} reply: ${debugJson(response)}`);
  run.emit({ type: 'response', turn, response });
  chat?.response(response);
}

/** One plain request: the reply's text goes out as one event per part. */
export async function generateOnce(
  run: ReplyTarget,
  params: GenerateContentParameters,
  turn: number,
  { reader, chat }: ReadContext,
): Promise<ModelReply> {
  const response = await run.setup.client.models.generateContent(params);
  observe(run, response, turn, chat);
  const { content, finishReason, finishMessage, blocked } = readCandidate(response);
  for (const part of content?.parts ?? []) {
    if (typeof part.text !== 'string' || part.text === '') continue;
    const text = part.thought ? part.text : reader.push(part.text);
    if (text !== '') run.emit({ type: part.thought ? 'thought' : 'text', turn, text });
  }
  const read = reader.end();
  if (read.rest) run.emit({ type: 'text', turn, text: read.rest });
  const reply: ModelReply = {
    content,
    finishReason,
    finishMessage,
    blocked,
    usage: response.usageMetadata,
    retries: 0,
    modelMs: 0,
  };
  if (read.prompt) reply.prompt = read.prompt;
  return reply;
}

/** One streamed request: text goes out as it arrives; the chunks merge into one reply. */
export async function streamOnce(
  run: ReplyTarget,
  params: GenerateContentParameters,
  turn: number,
  { reader, requests, chat }: ReadContext,
): Promise<ModelReply> {
  const stream = await run.setup.client.models.generateContentStream(params);
  const merged = new StreamedContent();
  let finishReason: string | undefined;
  let finishMessage: string | undefined;
  let blocked = false;
  let usage: GenerateContentResponseUsageMetadata | undefined;
  let partialText = '';
  try {
    for await (const chunk of stream) {
      requests.touch();
      observe(run, chunk, turn, chat);
      const candidate = readCandidate(chunk);
      for (const part of candidate.content?.parts ?? []) {
        if (typeof part.text !== 'string' || part.text === '') continue;
        // In prompt mode only prose is shown: text that may still be a call waits until it is known not to be.
        const text = part.thought ? part.text : reader.push(part.text);
        if (!part.thought) partialText += text;
        if (text !== '') run.emit({ type: part.thought ? 'thought' : 'text', turn, text });
      }
      merged.add(candidate.content);
      if (candidate.finishReason) finishReason = candidate.finishReason;
      if (candidate.finishMessage) finishMessage = candidate.finishMessage;
      if (candidate.blocked) blocked = true;
      if (chunk.usageMetadata) usage = chunk.usageMetadata;
    }
  } catch (error) {
    if (run.isAborted || error instanceof MalformedReply) throw error;
    throw new StreamBroken(partialText, requests.timeout ?? error);
  }
  const read = reader.end();
  if (read.rest) run.emit({ type: 'text', turn, text: read.rest });
  const content = merged.content();
  const reply: ModelReply = { content, finishReason, finishMessage, blocked, usage, retries: 0, modelMs: 0 };
  if (read.prompt) reply.prompt = read.prompt;
  return reply;
}
