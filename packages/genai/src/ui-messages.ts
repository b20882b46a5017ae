import type { Content, Part } from '@google/genai';

/**
 * A message as the AI SDK's `useChat` sends it (`UIMessage`): the fields `fromUIMessages` reads. Any other part type
 * (sources, data parts, step boundaries of a user message) is passed over.
 */
export interface UIMessageLike {
  id?: string;
  role: 'system' | 'user' | 'assistant';
  parts: readonly UIMessagePartLike[];
}

/** A part of a UI message, as loosely as the browser may send it: checked at run time. */
export type UIMessagePartLike = { type: string } & Record<string, unknown>;

/**
 * The conversation a web client sent (the AI SDK's UI messages: what `useChat` posts) as contents for
 * `agent.stream(...)`, so a route can stay stateless:
 * - user text, and files (a `data:` URL as inline data, any other URL as a file reference);
 * - each assistant step (`step-start` to the next) as one model turn: its text and its finished tool calls, then one
 *   user turn with their answers (`output` as `{ output }`; `errorText` as `{ error: { name: 'ToolError', message } }`,
 *   since the UI protocol keeps only an error's text);
 * - left out: system messages (the Agent's `systemInstruction` is the server's, never the browser's), reasoning,
 *   and calls with no answer yet (the API refuses a call that is not answered).
 *
 * The client holds this history and can write anything into it, tool results included. Where that matters, keep
 * the conversation on the server (`agent.chat()`) and take only the last user message from the request.
 * Thought signatures do not travel through UI messages: Gemini asks them back only within the current turn, which
 * a new user message ends.
 *
 * Throws a TypeError that names the message and part when the input is not UI messages (answer it with a 400).
 *
 * @example
 * ```ts
 * export async function POST(request: Request) {
 *   const { messages } = await request.json();
 *   return toUIMessageStreamResponse(agent.stream(fromUIMessages(messages)));
 * }
 * ```
 */
export function fromUIMessages(messages: readonly UIMessageLike[]): Content[] {
  if (!Array.isArray(messages)) throw new TypeError(`fromUIMessages: messages must be an array, got ${kind(messages)}`);
  const contents: Content[] = [];
  messages.forEach((message: unknown, index) => {
    const where = `message ${index + 1}`;
    if (typeof message !== 'object' || message === null)
      throw new TypeError(`fromUIMessages: ${where} is ${kind(message)}`);
    const { role, parts } = message as { role?: unknown; parts?: unknown };
    if (!Array.isArray(parts)) throw new TypeError(`fromUIMessages: ${where} has no parts array`);
    for (const [k, part] of parts.entries())
      if (typeof part !== 'object' || part === null || typeof (part as { type?: unknown }).type !== 'string')
        throw new TypeError(`fromUIMessages: part ${k + 1} of ${where} has no type`);
    const typed = parts as UIMessagePartLike[];
    if (role === 'user') {
      const userParts = typed.flatMap((part, k) => userPart(part, `part ${k + 1} of ${where}`));
      if (userParts.length) contents.push({ role: 'user', parts: userParts });
    } else if (role === 'assistant') {
      contents.push(...assistantTurns(typed, where));
    } else if (role !== 'system') {
      throw new TypeError(`fromUIMessages: ${where} has role ${JSON.stringify(role)}, not user, assistant or system`);
    }
  });
  return contents;
}

function userPart(part: UIMessagePartLike, where: string): Part[] {
  if (part.type === 'text') return typeof part.text === 'string' && part.text !== '' ? [{ text: part.text }] : [];
  if (part.type !== 'file') return [];
  const { url, mediaType } = part;
  if (typeof url !== 'string' || typeof mediaType !== 'string')
    throw new TypeError(`fromUIMessages: ${where} is a file without a url and a mediaType`);
  const inline = /^data:([^;,]*)(;base64)?,/.exec(url);
  if (!inline) return [{ fileData: { fileUri: url, mimeType: mediaType } }];
  const payload = url.slice(inline[0].length);
  const data = inline[2] ? payload : base64(decodeURIComponent(payload));
  return [{ inlineData: { mimeType: mediaType || inline[1] || 'application/octet-stream', data } }];
}

/** An assistant message: one model turn per step, each followed by the answers to its finished calls. */
function assistantTurns(parts: readonly UIMessagePartLike[], where: string): Content[] {
  const turns: Content[] = [];
  let said: Part[] = [];
  let answers: Part[] = [];
  const flush = () => {
    if (said.length) turns.push({ role: 'model', parts: said });
    if (answers.length) turns.push({ role: 'user', parts: answers });
    said = [];
    answers = [];
  };
  for (const [k, part] of parts.entries()) {
    if (part.type === 'step-start') flush();
    else if (part.type === 'text' && typeof part.text === 'string' && part.text !== '') said.push({ text: part.text });
    else if (part.type === 'dynamic-tool' || part.type.startsWith('tool-')) {
      const answered = toolTurn(part, `part ${k + 1} of ${where}`);
      if (!answered) continue;
      said.push(answered.call);
      answers.push(answered.answer);
    }
  }
  flush();
  return turns;
}

function toolTurn(part: UIMessagePartLike, where: string): { call: Part; answer: Part } | undefined {
  const name = part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
  if (typeof name !== 'string' || name === '')
    throw new TypeError(`fromUIMessages: ${where} is a tool part without a name`);
  if (part.state !== 'output-available' && part.state !== 'output-error') return undefined;
  const id = typeof part.toolCallId === 'string' && part.toolCallId !== '' ? part.toolCallId : undefined;
  const args = typeof part.input === 'object' && part.input !== null && !Array.isArray(part.input) ? part.input : {};
  const response =
    part.state === 'output-available'
      ? { output: part.output ?? null }
      : {
          error: {
            name: 'ToolError',
            message: typeof part.errorText === 'string' ? part.errorText : 'The tool failed',
          },
        };
  return {
    call: { functionCall: { name, args: args as Record<string, unknown>, ...(id ? { id } : {}) } },
    answer: { functionResponse: { name, response, ...(id ? { id } : {}) } },
  };
}

/** Base64 of a text's UTF-8 bytes, with what every runtime has (no Buffer at the edge). */
function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function kind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
