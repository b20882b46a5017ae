import { CALL_FORMATS, type CallFormat } from './parsed-reply.js';

/**
 * How the Agent calls tools:
 * - `'native'`: Gemini function calling (`tools` in the request, `functionCall` parts back).
 * - `'prompt'`: the tools are described in the prompt and the calls read from the model's text.
 * - `'auto'` (default): native, except for models known to lack it (`gemma-*`) and models whose API refused
 *   tools with "Function calling is not enabled": those switch to prompt mode (the request is sent once more).
 * - `{ mode: 'prompt', format, instructions }`: prompt mode with a chosen format and, optionally, your own
 *   how-to-call text (`{call}` and `{result}` stand for the worked example, `{tools}` for the tool list).
 */
export type CallingOption = 'native' | 'prompt' | 'auto' | PromptCallingOptions;

export interface PromptCallingOptions {
  mode: 'prompt';
  /** Default: the model's documented format (`python` for Gemma), else `tool-call`. */
  format?: CallFormat;
  instructions?: string;
}

/** The option checked: throws a TypeError for anything else, naming what is accepted. */
export function checkCallingOption(value: unknown): CallingOption {
  if (value === undefined) return 'auto';
  if (value === 'native' || value === 'prompt' || value === 'auto') return value;
  if (typeof value === 'object' && value !== null && (value as PromptCallingOptions).mode === 'prompt') {
    const { format, instructions } = value as PromptCallingOptions;
    if (format !== undefined && !CALL_FORMATS.includes(format)) {
      throw new TypeError(
        `Agent option calling.format must be one of ${CALL_FORMATS.map((f) => `'${f}'`).join(', ')}, ` +
          `got ${JSON.stringify(format)}`,
      );
    }
    if (instructions !== undefined && typeof instructions !== 'string')
      throw new TypeError('Agent option calling.instructions must be a string');
    return value as PromptCallingOptions;
  }
  throw new TypeError(
    "Agent option calling must be 'native', 'prompt', 'auto' or { mode: 'prompt', format?, instructions? }, " +
      `got ${JSON.stringify(value)}`,
  );
}
