import type { Candidate, FunctionCall, GenerateContentResponse } from '@google/genai';

/**
 * A reply of the Gemini API as the light client gives it: the JSON as received, with the SDK's two everyday helpers,
 * `text` and `functionCalls`. (The SDK's `data`, `executableCode` and `codeExecutionResult` helpers are not here.)
 */
export class GeminiReply {
  candidates?: Candidate[];

  /** The first candidate's text parts, joined, thoughts left out; undefined when it has none (as in the SDK). */
  get text(): string | undefined {
    const parts = this.candidates?.[0]?.content?.parts ?? [];
    const texts = parts.filter((part) => typeof part.text === 'string' && !part.thought).map((part) => part.text);
    return texts.length ? texts.join('') : undefined;
  }

  /** The first candidate's function calls; undefined when it has none. */
  get functionCalls(): FunctionCall[] | undefined {
    const parts = this.candidates?.[0]?.content?.parts ?? [];
    const calls = parts.flatMap((part) => (part.functionCall ? [part.functionCall] : []));
    return calls.length ? calls : undefined;
  }
}

/** The parsed JSON of a reply, with the helpers. Typed as the SDK's reply, which the Agent's events carry. */
export function toReply(json: unknown): GenerateContentResponse {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new Error(`The model's reply is not a JSON object: ${JSON.stringify(json)?.slice(0, 200)}`);
  return Object.assign(new GeminiReply(), json) as unknown as GenerateContentResponse;
}
