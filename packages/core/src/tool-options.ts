import type { JsonSchema } from './json-schema.js';
import type { ToolAnnotations } from './tool-annotations.js';

/**
 * A Standard Schema (zod 4, valibot, arktype, ...) that can also describe itself as JSON Schema
 * (the Standard JSON Schema interface). Typed structurally so that no schema library is a dependency.
 */
export interface StandardJsonSchemaLike {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => unknown;
    readonly jsonSchema?: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>;
    };
  };
}

/** What `@tool(options)` takes. Options are the user's intent: at bind time they win over the manifest. */
export interface ToolOptions {
  /** The function name the model sees. Default: the method name, after gen-tools' `--name-style`. */
  name?: string;
  /** The description the model sees. Default: the method's JSDoc. */
  description?: string;
  /**
   * A manual schema for the arguments, replacing the introspected one: JSON Schema, a Gemini OpenAPI schema
   * (upper-case types), or a Standard Schema that produces JSON Schema (such as a zod 4 object).
   * When its property names are the method's parameter names, arguments are passed positionally; otherwise the
   * whole arguments object is passed as the first parameter.
   */
  parameters?: JsonSchema | Record<string, unknown> | StandardJsonSchemaLike;
  /** Ends the call with an `{ error }` response when it runs longer; the ToolContext signal is aborted. */
  timeoutMs?: number;
  /** Hints for hosts (MCP's tool annotations): read-only, destructive, idempotent, open world, a display title. */
  annotations?: ToolAnnotations;
}
