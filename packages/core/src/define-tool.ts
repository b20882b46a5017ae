import type { JsonSchema } from './json-schema.js';
import type { StandardJsonSchemaLike, ToolOptions } from './tool-options.js';
import type { ToolContext } from './types.js';

/** Marks what defineTool made, across copies of this package (an ESM and a CJS build loaded side by side). */
const DEFINED_TOOL = Symbol.for('toolwright.definedTool');

/** A Standard Schema that carries its value types (zod 4, valibot, arktype, ...): the handler's args come from them. */
export interface TypedStandardSchema<Output = unknown> extends StandardJsonSchemaLike {
  readonly '~standard': StandardJsonSchemaLike['~standard'] & {
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
  };
}

/** The arguments a Standard Schema hands on after validation (its output type: transforms and defaults applied). */
export type InferToolArgs<Schema> = Schema extends { readonly '~standard': { readonly types?: infer Types } }
  ? NonNullable<Types> extends { readonly output: infer Output }
    ? Output
    : Record<string, unknown>
  : Record<string, unknown>;

/** A tool's handler: the validated arguments object, and the call's context (signal, call id, time limit). */
export type ToolHandler<Args> = (args: Args, context: ToolContext) => unknown;

/**
 * What defineTool takes: the `@tool()` options, with `name` and `parameters` required (there is no method name and
 * no gen-tools to find them), and the handler that runs the call.
 */
export interface ToolDefinition<Args, Parameters = JsonSchema | Record<string, unknown> | StandardJsonSchemaLike>
  extends Omit<ToolOptions, 'name' | 'parameters'> {
  /** The function name the model sees. */
  name: string;
  /** The arguments: a JSON Schema, a Gemini OpenAPI schema (upper-case types) or a Standard Schema (zod 4). */
  parameters: Parameters;
  handler: ToolHandler<Args>;
}

/** A tool made by defineTool: bind it in a Toolbox beside class instances (`new Toolbox([new Service(), echo])`). */
export interface DefinedTool<Args = Record<string, unknown>> {
  readonly name: string;
  readonly description?: string;
  readonly parameters: JsonSchema | Record<string, unknown> | StandardJsonSchemaLike;
  readonly handler: ToolHandler<Args>;
  /** The definition without the handler: the options the Toolbox reads (as `@tool()` options are read). */
  readonly options: Readonly<ToolOptions>;
}

/**
 * A tool without a class or a build step: a name, a description, a schema for the arguments and a handler. It gets
 * the same validation, error payloads, time limits and ToolContext as a decorated method. With a Standard Schema
 * (zod 4) the handler's `args` are typed from the schema; with a JSON or Gemini schema, give their type as the type
 * argument (`defineTool<{ text: string }>({ ... })`).
 *
 * @example
 * ```ts
 * import { defineTool, Toolbox } from '@toolwright/core';
 *
 * const echo = defineTool<{ text: string }>({
 *   name: 'echo',
 *   description: 'Says the text back.',
 *   parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
 *   handler: ({ text }) => text,
 * });
 * const toolbox = new Toolbox([echo]);
 * ```
 */
export function defineTool<Schema extends TypedStandardSchema>(
  definition: ToolDefinition<InferToolArgs<Schema>, Schema>,
): DefinedTool<InferToolArgs<Schema>>;
export function defineTool<Args extends object = Record<string, unknown>>(
  definition: ToolDefinition<Args, JsonSchema | Record<string, unknown>>,
): DefinedTool<Args>;
export function defineTool(definition: ToolDefinition<never>): DefinedTool<never> {
  if (typeof definition !== 'object' || definition === null) {
    throw new TypeError('defineTool({ name, description, parameters, handler }) takes an object');
  }
  const { handler, ...options } = definition;
  const label = typeof options.name === 'string' && options.name !== '' ? `defineTool "${options.name}"` : 'defineTool';
  if (typeof options.name !== 'string' || options.name === '') {
    throw new TypeError(`${label}: name must be a non-empty string`);
  }
  if (typeof handler !== 'function') {
    throw new TypeError(`${label}: handler must be a function (args, context) => result`);
  }
  if (typeof options.parameters !== 'object' || options.parameters === null) {
    throw new TypeError(
      `${label}: parameters must be a JSON Schema, a Gemini schema or a Standard Schema (zod 4) of an object`,
    );
  }
  return Object.freeze(new FunctionTool(options, handler));
}

/** The class of what defineTool makes: a bound tool's `class` (its `method` is `handler`). */
export class FunctionTool<Args = Record<string, unknown>> implements DefinedTool<Args> {
  readonly name: string;
  declare readonly description?: string;
  readonly parameters: DefinedTool<Args>['parameters'];
  readonly options: Readonly<ToolOptions>;
  readonly [DEFINED_TOOL] = true;

  constructor(
    options: ToolOptions & { name: string; parameters: DefinedTool<Args>['parameters'] },
    readonly handler: ToolHandler<Args>,
  ) {
    this.name = options.name;
    if (options.description !== undefined) this.description = options.description;
    this.parameters = options.parameters;
    this.options = Object.freeze({ ...options });
  }
}

export function isDefinedTool(value: unknown): value is DefinedTool<never> {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[DEFINED_TOOL] === true;
}
