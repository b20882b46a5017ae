import { checkArguments } from '@toolwright/core';
import type { RemoteAnswer } from './call-result.js';
import type { SchemaCheck } from './build-remote-tool.js';

/**
 * Structured content that breaks the tool's output schema becomes an error, as the SDK's `callTool` does for the
 * tools its own `listTools` saw (this list is read without it). Undefined when it matches, when the tool declares
 * no output schema, and when the schema does not compile (it then checks nothing from here on).
 */
export function checkStructuredOutput(
  toolName: string,
  output: SchemaCheck | undefined,
  result: Record<string, unknown>,
): Promise<RemoteAnswer | undefined> | undefined {
  const content = result.structuredContent;
  if (!output?.usable || result.isError === true || typeof content !== 'object' || content === null) return undefined;
  return outputMismatch(toolName, output, content);
}

async function outputMismatch(
  toolName: string,
  output: SchemaCheck,
  content: object,
): Promise<RemoteAnswer | undefined> {
  let checked: Awaited<ReturnType<typeof checkArguments>>;
  try {
    checked = await checkArguments(toolName, output.schema, content);
  } catch {
    output.usable = false;
    return undefined;
  }
  if (!('error' in checked)) return undefined;
  const issues = checked.error.issues ?? [];
  const listed = issues.map((one) => `${one.path || '(root)'}: expected ${one.expected}, got ${one.received}`);
  const message = `Tool "${toolName}" answered with structured content that does not match its output schema: `;
  return { response: { error: { name: 'InvalidStructuredContent', message: message + listed.join('; '), issues } } };
}
