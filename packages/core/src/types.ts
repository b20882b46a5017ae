/**
 * A number that must be a whole number. gen-tools maps it to `{ type: 'integer' }`; at run time it is a number.
 * The optional phantom property keeps plain numbers assignable to it.
 */
export type Integer = number & { readonly __toolwrightInteger?: never };

/**
 * Declare a parameter of this type on a tool method to receive the call's context. It is filled by the Toolbox
 * and left out of the declaration the model sees.
 */
export interface ToolContext {
  /** Aborted when the run is cancelled or the tool's timeout passes: pass it on to fetch and friends. */
  readonly signal: AbortSignal;
  /**
   * The call's id: the model's, where it sent one, else the caller's (an Agent's `<runId>:<turn>:<index>`). In a
   * durable run it is the same on every replay: use it as the idempotency key of a side effect.
   */
  readonly callId?: string;
  /** The declared tool name the model called. */
  readonly toolName: string;
  /** The time limit of this call in milliseconds, where one is set. */
  readonly timeoutMs?: number;
  /**
   * Reports how far the work is (`done` of `total`, both growing), for callers that follow progress (an MCP client
   * that asked for it). A no-op when nobody listens; it never throws.
   */
  progress(done: number, total?: number, message?: string): void;
  /**
   * Sends a log message (any JSON data) to a caller that listens: served over MCP it is a `notifications/message`
   * to the client, at or above the level the client set. A no-op when nobody listens; it never throws.
   */
  log(level: ToolLogLevel, data: unknown, logger?: string): void;
}

/** The syslog levels MCP uses, from the least to the most severe. */
export type ToolLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';
