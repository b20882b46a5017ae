import type { ToolErrorPayload, ToolIssue } from './types.js';

/** A call that cannot go ahead (its arguments, or its tool's schema): the payload the model will see. */
export class CallFailure {
  constructor(readonly payload: ToolErrorPayload) {}
}

/** The tool did not finish within its time limit; the ToolContext signal was aborted with this error. */
export class ToolTimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(
    readonly toolName: string,
    readonly timeoutMs: number,
  ) {
    super(`Tool "${toolName}" did not finish within ${timeoutMs} ms`);
  }
}

/** The caller's signal aborted the call; the ToolContext signal was aborted with this error. */
export class ToolAbortError extends Error {
  override name = 'AbortError';
  constructor(
    readonly toolName: string,
    reason?: unknown,
  ) {
    super(
      `The call to tool "${toolName}" was cancelled${describeReason(reason)}`,
      reason === undefined ? undefined : { cause: reason },
    );
  }
}

function describeReason(reason: unknown): string {
  if (reason === undefined) return '';
  if (reason instanceof Error)
    return reason.name === 'AbortError' && /aborted/i.test(reason.message) ? '' : `: ${reason.message}`;
  return typeof reason === 'string' ? `: ${reason}` : '';
}

/** The message for invalid arguments: the issues repeated in words, so that a model reading only text can fix them. */
export function invalidArgumentsMessage(toolName: string, issues: readonly ToolIssue[], total = issues.length): string {
  const listed = issues
    .slice(0, 10)
    .map((issue) => `${issue.path || '(arguments)'}: expected ${issue.expected}, received ${issue.received}`)
    .join('; ');
  const more = total > 10 ? `; and ${total - 10} more` : '';
  return (
    `Invalid arguments for tool "${toolName}" (${total} issue${total === 1 ? '' : 's'}): ${listed}${more}. Fix ` +
    'them and call the tool again.'
  );
}
