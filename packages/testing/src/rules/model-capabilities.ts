import { isJsonObject } from './fields.js';

/** Models the Gemini API serves without function calling and without system instructions (Gemma). */
export const MODELS_WITHOUT_TOOLS: RegExp = /^gemma-/i;

/**
 * What the API refuses because of the model, not the request's shape: Gemma answers `tools` or `toolConfig` with
 * 400 "Function calling is not enabled for models/<model>", and `systemInstruction` with 400 "Developer instruction
 * is not enabled for models/<model>". The API reports one at a time, function calling first.
 */
export function modelCapabilityProblems(model: string, body: unknown): string[] {
  if (!MODELS_WITHOUT_TOOLS.test(model) || !isJsonObject(body)) return [];
  const present = (key: string) => body[key] !== undefined && body[key] !== null;
  if (present('tools') || present('toolConfig')) return [`Function calling is not enabled for models/${model}`];
  if (present('systemInstruction')) return [`Developer instruction is not enabled for models/${model}`];
  return [];
}
