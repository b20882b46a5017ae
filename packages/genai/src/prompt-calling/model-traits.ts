import type { CallFormat } from './parsed-reply.js';

/** What a model accepts, as far as calling goes. */
export interface ModelTraits {
  /** Takes `tools` and `toolConfig` (native function calling). */
  functionCalling: boolean;
  /** Takes `systemInstruction`; if not, the prompt goes at the start of the first user turn. */
  systemInstruction: boolean;
  /** The call format to ask for in prompt mode, unless the Agent's options say. */
  format: CallFormat;
}

const NATIVE: ModelTraits = { functionCalling: true, systemInstruction: true, format: 'tool-call' };

/**
 * Models known to lack native function calling, in one place. Gemma on the Gemini API answers a request with
 * `tools` with 400 "Function calling is not enabled for models/gemma-..." and one with `systemInstruction` with
 * 400 "Developer instruction is not enabled for models/gemma-..."; Gemma's documentation asks for Python-style calls.
 */
const KNOWN: ReadonlyArray<{ pattern: RegExp; traits: ModelTraits }> = [
  { pattern: /^(?:models\/)?gemma-/i, traits: { functionCalling: false, systemInstruction: false, format: 'python' } },
];

export function knownTraits(model: string): ModelTraits {
  return KNOWN.find((entry) => entry.pattern.test(model))?.traits ?? NATIVE;
}

/** The API's 400 for `tools` sent to a model without function calling. */
export const FUNCTION_CALLING_REFUSED = /Function calling is not enabled for models\//i;
/** The API's 400 for `systemInstruction` sent to a model that takes none. */
export const SYSTEM_INSTRUCTION_REFUSED = /Developer instruction is not enabled for models\//i;

/**
 * What an Agent learnt about models from the API's refusals, shared by its runs, so that a switch happens once
 * per model and not once per run.
 */
export class ModelMemory {
  private readonly learnt = new Map<string, Partial<ModelTraits>>();

  traits(model: string): ModelTraits {
    return { ...knownTraits(model), ...this.learnt.get(model) };
  }

  learn(model: string, traits: Partial<ModelTraits>): void {
    this.learnt.set(model, { ...this.learnt.get(model), ...traits });
  }
}
