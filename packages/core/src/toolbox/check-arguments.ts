import type { ObjectJsonSchema } from '../json-schema.js';
import { CallFailure } from './call-errors.js';
import { readArguments } from './prepare-arguments.js';
import { invalidArgumentsPayload } from './tool-answers.js';
import type { ToolErrorPayload } from './types.js';
import { loadCompiler } from './runtime-compiler.js';
import { issuesFromAjv } from './validation.js';

/**
 * Checks a model's arguments against a schema that no Toolbox binds (a remote tool's), giving the same
 * `InvalidArguments` payload a Toolbox gives for its own tools. Returns the arguments object, or the payload.
 * The schema is taken as it is (extra properties are reported only where it says `additionalProperties: false`).
 * Rejects when the schema does not compile: the caller decides whether to call without a check. Async because the
 * run-time compiler (the schema checker, or ajv for a schema it does not take) is loaded on first use.
 */
export async function checkArguments(
  toolName: string,
  parameters: ObjectJsonSchema,
  args: unknown,
): Promise<{ args: Record<string, unknown> } | { error: ToolErrorPayload }> {
  const read = readArguments(args, toolName);
  if (read instanceof CallFailure) return { error: read.payload };
  const validator = await (await loadCompiler())(parameters, false);
  if (validator(read)) return { args: read };
  const issues = issuesFromAjv(validator.errors ?? [], read, parameters);
  return { error: invalidArgumentsPayload(toolName, issues) };
}
