import { closestNames } from './closest-names.js';
import { excerpt, MAX_ECHO } from './excerpt.js';
import type { CallOptions, ToolErrorPayload, ToolIssue } from './types.js';

/**
 * The names a tool's error answer can have, whoever gives it (a Toolbox, an imported MCP server, an Agent), besides
 * the name of an error a tool threw:
 * - `UnknownTool`: no tool has the name called (`closest` holds the nearest valid names);
 * - `InvalidArguments`: the arguments do not fit the schema (`issues` says where);
 * - `ToolSchemaError`: the tool's own schema could not check them (a programmer's error, told to the model);
 * - `ToolSetupError`: a library the tool needs is missing;
 * - `TimeoutError`: the call ran past its time limit; `AbortError`: it was cancelled;
 * - `CallDenied`: a `beforeToolCall` hook (an approval) refused it; `ToolDisabled`: the tool failed too often in a row;
 * - `ServerUnavailable`, `McpError`, `ToolError`, `InvalidStructuredContent`: an imported MCP server's failures;
 * - `UnparsableCall`, `CutOffCall`: prompt-based calling could not read a call the model wrote.
 */
export type ToolErrorName =
  | 'UnknownTool'
  | 'InvalidArguments'
  | 'ToolSchemaError'
  | 'ToolSetupError'
  | 'TimeoutError'
  | 'AbortError'
  | 'CallDenied'
  | 'ToolDisabled'
  | 'ServerUnavailable'
  | 'McpError'
  | 'ToolError'
  | 'InvalidStructuredContent'
  | 'UnparsableCall'
  | 'CutOffCall';

/** Names listed in full in an UnknownTool message; past this, the first ones and the count. */
const MAX_LISTED = 30;

/**
 * The `UnknownTool` payload for a call to a name none of `available` has: the name echoed cut to 128 characters,
 * the closest valid names ("Did you mean"), and the names there are. One text for a Toolbox, an imported MCP
 * server and an Agent holding several of them.
 */
export function unknownToolPayload(name: string | undefined, available: readonly string[]): ToolErrorPayload {
  if (name === undefined || name === '') {
    return {
      name: 'UnknownTool',
      message: `The function call has no name. Available tools: ${listNames(available)}.`,
      closest: [],
    };
  }
  const closest = closestNames(name, available);
  const hint = closest.length ? ` Did you mean ${closest.map((candidate) => `"${candidate}"`).join(' or ')}?` : '';
  return {
    name: 'UnknownTool',
    message: `There is no tool named "${excerpt(name, MAX_ECHO)}".${hint} Available tools: ${listNames(available)}.`,
    closest,
  };
}

function listNames(names: readonly string[]): string {
  if (!names.length) return '(none)';
  return names.length > MAX_LISTED
    ? `${names.slice(0, MAX_LISTED).join(', ')}, ... (${names.length} in all)`
    : names.join(', ');
}

/**
 * The `InvalidArguments` payload: the issues repeated in words, so that a model reading only text can fix them.
 * `total`: how many issues there were, when `issues` holds only the first of them.
 */
export function invalidArgumentsPayload(
  toolName: string,
  issues: ToolIssue[],
  total = issues.length,
): ToolErrorPayload & { issues: ToolIssue[] } {
  const listed = issues
    .slice(0, 10)
    .map((issue) => `${issue.path || '(arguments)'}: expected ${issue.expected}, received ${issue.received}`)
    .join('; ');
  const more = total > 10 ? `; and ${total - 10} more` : '';
  const message =
    `Invalid arguments for tool "${toolName}" (${total} issue${total === 1 ? '' : 's'}): ${listed}${more}. Fix ` +
    'them and call the tool again.';
  return { name: 'InvalidArguments', message, issues };
}

/** The `TimeoutError` payload: the call ran past `timeoutMs`. */
export function timedOutPayload(toolName: string, timeoutMs: number): ToolErrorPayload {
  return {
    name: 'TimeoutError',
    message: `Tool "${toolName}" did not finish within ${timeoutMs} ms`,
    toolName,
    timeoutMs,
  };
}

/**
 * The `AbortError` payload: the call was cancelled (before it started, or while it ran). `reason`, the signal's
 * reason or words of the caller's, is told after the message unless it is only the platform's "aborted".
 */
export function abortedPayload(toolName: string, reason?: unknown): ToolErrorPayload {
  return {
    name: 'AbortError',
    message: `The call to tool "${toolName}" was cancelled${describeReason(reason)}`,
    toolName,
  };
}

function describeReason(reason: unknown): string {
  if (reason === undefined) return '';
  if (reason instanceof Error)
    return reason.name === 'AbortError' && /aborted/i.test(reason.message) ? '' : `: ${reason.message}`;
  return typeof reason === 'string' ? `: ${reason}` : '';
}

/**
 * The `CallDenied` payload: a `beforeToolCall` hook (an approval) refused the call. `detail` is the hook's: its
 * message ends the text, and its other fields are kept for the model.
 */
export function deniedPayload(
  toolName: string,
  detail: { message: string; [field: string]: unknown },
): ToolErrorPayload {
  return { name: 'CallDenied', ...detail, message: `The call to tool "${toolName}" was denied: ${detail.message}` };
}

/** The `ToolDisabled` payload: the tool failed `failures` times in a row in this run, so it is not run again. */
export function disabledPayload(toolName: string, failures: number): ToolErrorPayload {
  return {
    name: 'ToolDisabled',
    message:
      `Tool "${toolName}" failed ${failures} times in a row in this run, so it was not called again. Do not call ` +
      'it again; answer with what you have.',
  };
}

type TimeLimitOptions = Pick<CallOptions, 'timeoutMs' | 'defaultTimeoutMs' | 'fallbackTimeoutMs'> | undefined;

/**
 * The time limit a call runs with: the most specific one set wins. In order: the call's own (`timeoutMs`), the
 * tool's own (`@tool({ timeoutMs })`, or an MCP server's `timeoutMs`), the caller's default (`defaultTimeoutMs`, an
 * Agent's `toolTimeoutMs`), the Toolbox's default, and last the caller's fallback (`fallbackTimeoutMs`, the Agent's
 * guard against a call that never settles). A limit that is set wins even when it is 0, a negative number or
 * Infinity, which mean none: undefined or such a value comes back for a call with no limit.
 */
export function callTimeLimit(options: TimeLimitOptions, toolLimit: number | undefined, toolboxLimit: number): number;
export function callTimeLimit(
  options: TimeLimitOptions,
  toolLimit: number | undefined,
  toolboxLimit: number | undefined,
): number | undefined;
export function callTimeLimit(
  options: TimeLimitOptions,
  toolLimit: number | undefined,
  toolboxLimit: number | undefined,
): number | undefined {
  return options?.timeoutMs ?? toolLimit ?? options?.defaultTimeoutMs ?? toolboxLimit ?? options?.fallbackTimeoutMs;
}
