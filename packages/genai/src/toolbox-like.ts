import type { CallOptions, FunctionCallLike, FunctionResponsePart, GeminiFunctionDeclaration } from '@toolwright/core';

/** The declaration dialect a Toolbox renders: Gemini `parameters` (OpenAPI subset) or `parametersJsonSchema`. */
export type DeclarationDialect = 'openapi' | 'json-schema';

/** One call as the model sent it. */
export type ToolCallInput = FunctionCallLike;

/** What a Toolbox answers for one call: the part to send back to the model. */
export type ToolCallOutput = FunctionResponsePart;

/**
 * What the Agent needs of a Toolbox (`@toolwright/core`). Typed structurally so that any object with the same
 * contract (a Toolbox, a wrapper around one, an MCP bridge) can be passed.
 * `call` must never throw for model input: unknown names, bad arguments, thrown errors and timeouts come back
 * as `{ error }` responses (core's builders, `unknownToolPayload` and the rest, give the texts a Toolbox gives). It
 * must honour `options.signal` and the time limits in core's `callTimeLimit` order: `options.defaultTimeoutMs` (the
 * Agent's `toolTimeoutMs`) for a tool that sets none of its own, and `options.fallbackTimeoutMs` (the Agent's 5
 * minutes) for a call that nothing else limits.
 */
export interface ToolboxLike {
  declarations(options?: { dialect?: DeclarationDialect }): GeminiFunctionDeclaration[];
  call(call: ToolCallInput, options?: CallOptions): Promise<ToolCallOutput>;
  has(name: string): boolean;
}

export function isToolboxLike(value: unknown): value is ToolboxLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ToolboxLike).declarations === 'function' &&
    typeof (value as ToolboxLike).call === 'function' &&
    typeof (value as ToolboxLike).has === 'function'
  );
}
