import type { Content, ContentUnion, Part } from '@google/genai';

/** A message part in the GenAI semantic conventions' JSON shape (`gen_ai.input.messages`, `gen_ai.output.messages`). */
type MessagePart =
  | { type: 'text'; content: string }
  | { type: 'reasoning'; content: string }
  | { type: 'tool_call'; id?: string; name: string; arguments: unknown }
  | { type: 'tool_call_response'; id?: string; response: unknown }
  | { type: 'blob'; mime_type?: string };

interface Message {
  role: string;
  parts: MessagePart[];
  finish_reason?: string;
}

function partOf(part: Part): MessagePart | undefined {
  if (typeof part.text === 'string') return { type: part.thought ? 'reasoning' : 'text', content: part.text };
  if (part.functionCall) {
    const { id, name, args } = part.functionCall;
    return id === undefined
      ? { type: 'tool_call', name: name ?? '', arguments: args ?? {} }
      : { type: 'tool_call', id, name: name ?? '', arguments: args ?? {} };
  }
  if (part.functionResponse) {
    const { id, response } = part.functionResponse;
    return id === undefined ? { type: 'tool_call_response', response } : { type: 'tool_call_response', id, response };
  }
  // Media are named by type only: their bytes do not belong in a span.
  const media = part.inlineData ?? part.fileData;
  if (media) return media.mimeType === undefined ? { type: 'blob' } : { type: 'blob', mime_type: media.mimeType };
  return undefined;
}

function messageOf(content: Content): Message {
  const parts = (content.parts ?? []).flatMap((part) => partOf(part) ?? []);
  const answers = parts.length > 0 && parts.every((part) => part.type === 'tool_call_response');
  return { role: content.role === 'model' ? 'assistant' : answers ? 'tool' : 'user', parts };
}

/** The conversation a request sends, as `gen_ai.input.messages`. */
export function inputMessages(contents: readonly Content[]): string {
  return JSON.stringify(contents.map(messageOf));
}

/** The model's reply, as `gen_ai.output.messages`. */
export function outputMessages(content: Content | undefined, finishReason: string | undefined): string {
  const message: Message = { ...messageOf(content ?? { role: 'model', parts: [] }), role: 'assistant' };
  if (finishReason !== undefined) message.finish_reason = finishReason;
  return JSON.stringify([message]);
}

/** A system instruction, as `gen_ai.system_instructions`. */
export function systemInstructions(instruction: ContentUnion): string {
  if (typeof instruction === 'string') return JSON.stringify([{ type: 'text', content: instruction }]);
  const parts = Array.isArray(instruction)
    ? instruction
    : 'parts' in (instruction as object)
      ? ((instruction as Content).parts ?? [])
      : [instruction];
  return JSON.stringify(
    (parts as Array<Part | string>).flatMap((part): MessagePart[] => {
      if (typeof part === 'string') return [{ type: 'text', content: part }];
      const read = partOf(part);
      return read ? [read] : [];
    }),
  );
}
