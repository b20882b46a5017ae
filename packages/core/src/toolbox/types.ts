import type { JsonSchema, ObjectJsonSchema } from '../json-schema.js';
import type { ManifestTool } from '../manifest.js';
import type { ToolAnnotations } from '../tool-annotations.js';
import type { ToolOptions } from '../tool-options.js';
import type { ToolLogLevel } from '../types.js';
import type { SchemaChecker } from '../schema-checker/marker.js';
import type { ToolErrorName } from './tool-answers.js';

/** A function call as the model sends it (Gemini's `functionCall` part), typed loosely: it is untrusted input. */
export interface FunctionCallLike {
  id?: string;
  name?: string;
  args?: Record<string, unknown> | unknown;
}

/** One problem with the arguments, in terms a model can act on. */
export interface ToolIssue {
  /** JSON-pointer-ish path into the arguments, e.g. `/filter/limit` (`` for the whole object). */
  path: string;
  expected: string;
  received: string;
}

/** What the model sees when a call fails: always a JSON object with a message. */
export interface ToolErrorPayload {
  /** One of the names every package answers with (`ToolErrorName`), or the name of the error a tool threw. */
  name?: ToolErrorName | (string & {});
  message: string;
  issues?: ToolIssue[];
  /** For an unknown tool: the closest valid names. */
  closest?: string[];
  [detail: string]: unknown;
}

export type FunctionResponseBody = { output: unknown; truncated?: true } | { error: ToolErrorPayload };

/** Gemini's `functionResponse` part, typed structurally so that core does not depend on @google/genai. */
export interface FunctionResponsePart {
  functionResponse: {
    id?: string;
    name: string;
    response: FunctionResponseBody;
    /** Media the tool returned (images, audio): Gemini's multimodal function responses. */
    parts?: Array<{ inlineData: { mimeType: string; data: string } }>;
  };
}

/** A class that can be bound. */
export type ToolClass = abstract new (...args: never[]) => unknown;

/** A tool as bound by a Toolbox: the manifest entry with the decorator options merged over it. */
export interface BoundTool {
  /** The function name the model sees. */
  readonly name: string;
  readonly description?: string;
  /** The declared arguments schema (JSON Schema). Validation is stricter: it also reports extra properties. */
  readonly parameters: ObjectJsonSchema;
  readonly returns?: JsonSchema;
  readonly deprecated?: true | string;
  /** The manifest's annotations with the decorator's over them. */
  readonly annotations?: ToolAnnotations;
  /** The instance's class and the method called on it. */
  readonly class: ToolClass;
  readonly method: string;
  readonly instance: object;
  readonly timeoutMs?: number;
  /** The decorator's options as given. */
  readonly options: Readonly<ToolOptions>;
  /** The manifest entry, absent for a tool bound from a manual `parameters` override alone. */
  readonly manifest?: ManifestTool;
  /** `positional`: one argument per parameter; `object`: the whole arguments object as the first parameter. */
  readonly argumentMode: 'positional' | 'object';
}

/** A call as the Toolbox's `onResult` and `onError` see it: the bound tool, the call's id and its arguments. */
export interface BoundToolCall {
  readonly tool: BoundTool;
  readonly callId?: string;
  readonly args: Record<string, unknown>;
}

/**
 * A validator compiled ahead of time (for example ajv standalone code emitted by gen-tools): it returns whether the
 * data is valid and leaves ajv-style `errors` on itself. It must check `validationSchema(parameters)`.
 */
export interface PrecompiledValidator {
  (data: unknown): boolean;
  errors?: ReadonlyArray<AjvLikeError> | null;
}

/** The parts of an ajv error object that the Toolbox reads. */
export interface AjvLikeError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** What `onError` returns: the payload for the model, or undefined for the default. */
export type ErrorMapping = ToolErrorPayload | Record<string, unknown> | undefined;

export interface ToolboxOptions {
  /** The time limit in ms for every tool without its own `timeoutMs` (0, a negative number or Infinity: none). */
  timeoutMs?: number;
  /** Cap on the JSON size of a result in characters (default 100,000); bigger results are cut and flagged. */
  maxResultSize?: number;
  /**
   * Cap on the media of one `toolContent` answer, in base64 characters (default 5,000,000, about 3.6 MiB of bytes):
   * images, audio and binary resources past it are left out, each replaced by a text block that says so, both for
   * the model and when the Toolbox is served over MCP. `maxResultSize` caps the answer's text the same way.
   */
  maxMediaSize?: number;
  /** Put the stack of thrown errors in the error payload (default false: the model rarely needs it). */
  includeStack?: boolean;
  /** Maps a tool's return value before it is normalized to JSON (may return a Promise). */
  onResult?: (value: unknown, info: BoundToolCall) => unknown;
  /**
   * Maps a thrown error (a tool's, a timeout or a cancellation) to the payload the model sees. Return undefined to
   * keep the default `{ name, message }`. May be async (an error reporter that returns an incident id, ...).
   */
  onError?: (error: unknown, info: BoundToolCall) => ErrorMapping | Promise<ErrorMapping>;
  /**
   * Validators compiled ahead of time, or the schema checker (`schemaChecker()` from
   * `@toolwright/core/validator-runtime`), keyed by manifest tool name (`ManifestTool.name`). Used instead of
   * compiling with ajv at run time (so no code generation is needed) when the tool's parameters are not overridden.
   */
  validators?: Record<string, PrecompiledValidator | SchemaChecker>;
  /** DTO classes for a JSON manifest (which cannot hold class references), matched by class name. */
  classes?: ReadonlyArray<ToolClass>;
  /**
   * Report properties the schema does not declare (default true). With false, they are let through to the method
   * in `object` mode and ignored in `positional` mode.
   */
  rejectExtraProperties?: boolean;
  /**
   * Allow `new Function` (default true): ajv compiles validators with it, and the Toolbox generates a fast argument
   * reader per tool. With false, nothing is generated at run time: supply `validators` (precompiled) for every tool,
   * and arguments are read by a plain loop.
   */
  generateCode?: boolean;
}

export interface CallOptions {
  /** Cancels the call: the tool's ToolContext signal is aborted and an `AbortError` response is returned. */
  signal?: AbortSignal;
  /**
   * Time limit in ms for this call; wins over the tool's and the Toolbox's (0, a negative number or Infinity: none).
   */
  timeoutMs?: number;
  /**
   * Time limit in ms for a tool that sets none of its own (`@tool({ timeoutMs })`); wins over the Toolbox's
   * `timeoutMs`. What an Agent's `toolTimeoutMs` becomes: a default, not an override of the tool's own limit.
   */
  defaultTimeoutMs?: number;
  /**
   * Time limit in ms for a call that nothing else limits: not the call, the tool, `defaultTimeoutMs` nor the
   * Toolbox. What an Agent gives every call (5 minutes), so that a call that never settles cannot hold a run forever.
   */
  fallbackTimeoutMs?: number;
  /** Hears the tool's `ToolContext.progress(...)` reports (without it, progress is a no-op). */
  onProgress?: (update: ToolProgress) => void;
  /** Hears the tool's `ToolContext.log(...)` messages (without it, logging is a no-op). */
  onLog?: (entry: ToolLogEntry) => void;
  /**
   * The call's id when the model sent none: the tool's `ToolContext.callId`. An Agent passes its own
   * (`<runId>:<turn>:<index>`), the same on every replay of a durable run: an idempotency key for side effects.
   */
  callId?: string;
  /**
   * The caller's trace context as W3C Trace Context fields (`traceparent`, `tracestate`): a Toolbox that calls
   * elsewhere sends it on (an imported MCP server gets it in the request's `_meta`). A local Toolbox ignores it.
   */
  traceContext?: Record<string, string>;
}

/** One log message of a running tool. */
export interface ToolLogEntry {
  level: ToolLogLevel;
  data: unknown;
  logger?: string;
}

/** One progress report of a running tool. */
export interface ToolProgress {
  progress: number;
  total?: number | undefined;
  message?: string | undefined;
}
