import { isDefinedTool } from '../define-tool.js';
import type { ToolManifest } from '../manifest.js';
import { toolboxManifest, type ManifestJson } from '../manifest-check.js';
import { toGeminiDeclaration, type GeminiDeclarationOptions, type GeminiFunctionDeclaration } from '../render/index.js';
import { bindInstance, createBindContext, forgetUnboundClasses, type BindContext } from './bind.js';
import { callTimeLimit, unknownToolPayload } from './tool-answers.js';
import { dtoLibraries } from './dto-libraries.js';
import { invoke, timeLimit } from './invoke.js';
import { errorToPayload, normalizeResult, NOT_SCALAR, scalarJson, type NormalizeOptions } from './normalize-result.js';
import { CallFailure, failed } from './call-errors.js';
import { capContentBlocks, contentPart, contentResponse } from './content-response.js';
import { DEFAULT_MAX_MEDIA_SIZE, sizeOption } from './media-cap.js';
import { isToolContent } from '../tool-content.js';
import { checkedArguments, prepareArguments, prepareArgumentsAsync, readArguments } from './prepare-arguments.js';
import type { ToolPlan } from './tool-plan.js';
import type {
  BoundTool,
  CallOptions,
  FunctionCallLike,
  FunctionResponseBody,
  FunctionResponsePart,
  ToolboxOptions,
  BoundToolCall,
  ToolErrorPayload,
} from './types.js';
import { GEMINI_MAX_TOOL_NAME_LENGTH } from '../gemini-limits.js';

const DEFAULT_MAX_RESULT_SIZE = 100_000;

/**
 * Binds class instances to the manifest, renders their declarations and runs the model's function calls.
 * Construction (and `add`) throws for programmer errors: a stale manifest, a bad instance, a clash of names.
 * `call` never throws: whatever the model sent, and whatever the tool did, comes back as a functionResponse part.
 *
 * @example
 * ```ts
 * import { Toolbox } from '@toolwright/core';
 * import { manifest } from './tools.generated.js'; // written by gen-tools
 *
 * const toolbox = new Toolbox([new WeatherService()], manifest, { timeoutMs: 10_000 });
 * toolbox.declarations(); // FunctionDeclaration[] for @google/genai
 * const part = await toolbox.call({ id: 'c1', name: 'getCurrentWeather', args: { location: 'Boston, MA' } });
 * part.functionResponse.response; // { output: ... } or { error: { name, message, ... } }
 * ```
 */
export class Toolbox {
  readonly #manifest: ToolManifest;
  readonly #options: ToolboxOptions;
  readonly #context: BindContext;
  readonly #tools = new Map<string, ToolPlan>();
  readonly #normalizeOptions: Readonly<Required<NormalizeOptions>>;
  readonly #contentLimits: Readonly<{ maxSize: number; maxMediaSize: number }>;
  readonly #includeStack: boolean;
  readonly #changeListeners = new Set<() => void>();

  /**
   * `tools`: class instances with `@tool()` methods, and tools made by defineTool.
   * `manifest`: the TS module gen-tools writes, or its JSON imported as it is (`with { type: 'json' }`), which is
   * checked here (a wrong version or a missing field throws, saying where). Without one, only tools that need none
   * can be bound: defineTool's, and methods whose `@tool({ parameters })` declares their schema.
   */
  constructor(tools: object[], options?: ToolboxOptions);
  constructor(tools: object[], manifest: ToolManifest | ManifestJson | undefined, options?: ToolboxOptions);
  constructor(
    instances: object[],
    manifestOrOptions?: ToolManifest | ManifestJson | ToolboxOptions,
    maybeOptions?: ToolboxOptions,
  ) {
    if (!Array.isArray(instances))
      throw new TypeError(
        'new Toolbox(tools, manifest?): tools must be an array of class instances and defineTool tools',
      );
    // Every manifest has `version` and `tools`; options have neither.
    const isManifest =
      typeof manifestOrOptions === 'object' &&
      manifestOrOptions !== null &&
      ('version' in manifestOrOptions || 'tools' in manifestOrOptions);
    const manifest = isManifest ? (manifestOrOptions as ToolManifest | ManifestJson) : undefined;
    const options =
      (isManifest || manifestOrOptions === undefined ? maybeOptions : (manifestOrOptions as ToolboxOptions)) ?? {};
    if (!isManifest && manifestOrOptions !== undefined) checkOptionKeys(manifestOrOptions);
    this.#manifest = manifest === undefined ? { version: 1, tools: [] } : toolboxManifest(manifest);
    this.#options = options;
    this.#context = createBindContext(options);
    this.#includeStack = options.includeStack ?? false;
    const maxSize = options.maxResultSize ?? DEFAULT_MAX_RESULT_SIZE;
    this.#normalizeOptions = Object.freeze({ maxSize, includeStack: this.#includeStack });
    const maxMediaSize = sizeOption('maxMediaSize', options.maxMediaSize, DEFAULT_MAX_MEDIA_SIZE);
    this.#contentLimits = Object.freeze({ maxSize, maxMediaSize });
    const plans = instances.flatMap((instance) => bindInstance(instance, this.#manifest, this.#context));
    this.#insert(plans);
  }

  /**
   * Binds one more instance or defineTool tool (with its own manifest, or the Toolbox's). Returns the tools it added.
   */
  add(instance: object, manifest: ToolManifest | ManifestJson = this.#manifest): BoundTool[] {
    try {
      const plans = bindInstance(instance, toolboxManifest(manifest), this.#context);
      this.#insert(plans);
      if (plans.length) this.#changed();
      return plans.map((plan) => plan.tool);
    } catch (error) {
      // A failed add leaves the Toolbox as it was, name bindings included.
      forgetUnboundClasses(this.#context, this.#instances());
      throw error;
    }
  }

  /** Removes a tool by name, or every tool of an instance. Returns how many tools were removed. */
  remove(nameOrInstance: string | object): number {
    let removed = 0;
    if (typeof nameOrInstance === 'string') removed = this.#tools.delete(nameOrInstance) ? 1 : 0;
    else {
      for (const [name, plan] of this.#tools) {
        if (plan.tool.instance === nameOrInstance) {
          this.#tools.delete(name);
          removed++;
        }
      }
    }
    if (removed) {
      forgetUnboundClasses(this.#context, this.#instances());
      this.#changed();
    }
    return removed;
  }

  /**
   * Calls `listener` after each `add` or `remove` that changed the tools (an MCP server tells its clients so).
   * Returns the function that stops it. A listener that throws does not fail the change.
   */
  onToolsChanged(listener: () => void): () => void {
    this.#changeListeners.add(listener);
    return () => void this.#changeListeners.delete(listener);
  }

  #changed(): void {
    for (const listener of this.#changeListeners) {
      try {
        listener();
      } catch {
        // ignored: the tools did change; a listener's failure is its own
      }
    }
  }

  #instances(): object[] {
    return Array.from(this.#tools.values(), (plan) => plan.tool.instance);
  }

  has(name: string): boolean {
    return this.#tools.has(name);
  }

  get(name: string): BoundTool | undefined {
    return this.#tools.get(name)?.tool;
  }

  tools(): ReadonlyArray<BoundTool> {
    return Array.from(this.#tools.values(), (plan) => plan.tool);
  }

  /**
   * The function declarations for Gemini, in binding order. Each call returns new objects (the JS SDK rewrites
   * `parameters` in place). `openapi` (default) fills `parameters`; `json-schema` fills `parametersJsonSchema`.
   * `onWarning` hears what a declaration could not say exactly (validation still uses the full schema).
   */
  declarations(options: GeminiDeclarationOptions = {}): GeminiFunctionDeclaration[] {
    return this.tools().map((tool) =>
      toGeminiDeclaration(
        {
          name: tool.name,
          ...(tool.description !== undefined ? { description: tool.description } : {}),
          parameters: tool.parameters,
        },
        options,
      ),
    );
  }

  /**
   * Compiles every validator and loads the DTO libraries now instead of on first use: a startup check for servers.
   * Throws when a schema does not compile or a peer dependency is missing.
   */
  async compile(): Promise<void> {
    for (const plan of this.#tools.values()) {
      const argumentPlan = await plan.arguments.load();
      if (argumentPlan instanceof CallFailure) throw new Error(argumentPlan.payload.message);
      if (plan.dto !== null) await dtoLibraries(plan.dto, `by tool "${plan.tool.name}", which takes a DTO class`);
    }
  }

  /** Runs one function call from the model. Never throws: errors come back as `{ error }` responses. */
  async call(call: FunctionCallLike, options?: CallOptions): Promise<FunctionResponsePart> {
    const id = typeof call?.id === 'string' ? call.id : undefined;
    const name = typeof call?.name === 'string' ? call.name : undefined;
    const plan = name === undefined ? undefined : this.#tools.get(name);
    if (plan === undefined) return respond(id, name ?? '', { error: this.#unknownTool(name) });
    let info: BoundToolCall | undefined;
    // The tool's own id for the call: the model's, else the caller's (an Agent's, stable across a durable replay).
    const callId = id ?? (typeof options?.callId === 'string' ? options.callId : undefined);
    try {
      const input = call.args;
      const args = readArguments(input, plan.tool.name);
      if (failed(args, input)) return respond(id, plan.tool.name, { error: args.payload });
      let argumentPlan = plan.arguments.current();
      if (argumentPlan === undefined) {
        // Made on the tool's first call; only a validator compiled at run time makes that wait (ajv loads).
        const loaded = await plan.arguments.load();
        if (loaded instanceof CallFailure) return respond(id, plan.tool.name, { error: loaded.payload });
        argumentPlan = loaded;
      }
      const timeoutMs = callTimeLimit(options, plan.ownTimeoutMs, this.#options.timeoutMs);
      const signal = options?.signal;
      let value: unknown;
      if (argumentPlan.call !== null && signal === undefined && timeLimit(timeoutMs) === undefined) {
        // Nothing to race and no list to make: the method is called straight from the checked arguments.
        const checked = checkedArguments(plan, argumentPlan, args);
        if (failed(checked, args)) return respond(id, plan.tool.name, { error: checked.payload });
        value = argumentPlan.call(plan.fn, plan.tool.instance, checked);
      } else {
        const prepared = plan.async
          ? await prepareArgumentsAsync(plan, argumentPlan, args)
          : prepareArguments(plan, argumentPlan, args);
        if (!Array.isArray(prepared)) return respond(id, plan.tool.name, { error: prepared.payload });
        value = invoke(plan, prepared, callId, signal, timeoutMs, options);
      }
      if (isThenable(value)) value = await value;
      if (this.#options.onResult) {
        info = { tool: plan.tool, ...(callId !== undefined ? { callId } : {}), args };
        value = await this.#options.onResult(value, info);
      }
      if (isToolContent(value)) {
        const blocks = capContentBlocks(value.blocks, this.#contentLimits);
        const { response, parts } = contentResponse(blocks, this.#normalizeOptions);
        const part = respond(id, plan.tool.name, response);
        if (parts) part.functionResponse.parts = parts;
        return contentPart(part, blocks);
      }
      const scalar = scalarJson(value, this.#normalizeOptions.maxSize);
      if (scalar !== NOT_SCALAR) return respond(id, plan.tool.name, { output: scalar });
      const normalized = normalizeResult(value, this.#normalizeOptions);
      const output = normalized.value;
      return respond(id, plan.tool.name, normalized.truncated ? { output, truncated: true } : { output });
    } catch (error) {
      info ??= { tool: plan.tool, ...(callId !== undefined ? { callId } : {}), args: readArgumentsLoosely(call.args) };
      return respond(id, plan.tool.name, { error: await this.#errorPayload(error, info) });
    }
  }

  #insert(plans: ToolPlan[]): void {
    const names = new Map<string, ToolPlan>();
    for (const plan of plans) {
      const clash = this.#tools.get(plan.tool.name) ?? names.get(plan.tool.name);
      if (clash) {
        throw new TypeError(
          `Two tools are named "${plan.tool.name}": ${describe(clash)} and ${describe(plan)}; ` +
            'rename one with @tool({ name }) or bind only one instance',
        );
      }
      names.set(plan.tool.name, plan);
    }
    for (const [name, plan] of names) this.#tools.set(name, plan);
  }

  #unknownTool(name: string | undefined): ToolErrorPayload {
    return unknownToolPayload(name, [...this.#tools.keys()]);
  }

  async #errorPayload(error: unknown, info: BoundToolCall): Promise<ToolErrorPayload> {
    if (this.#options.onError) {
      try {
        const mapped = await this.#options.onError(error, info);
        if (mapped !== undefined) {
          const { value } = normalizeResult(mapped, this.#normalizeOptions);
          if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
            const payload = value as ToolErrorPayload;
            return typeof payload.message === 'string'
              ? payload
              : { ...payload, message: String(payload.message ?? 'Tool failed') };
          }
          return { message: typeof value === 'string' ? value : JSON.stringify(value) };
        }
      } catch (hookError) {
        const described = errorToPayload(hookError, this.#includeStack);
        return {
          name: 'Error',
          message: `onError failed: ${described.message}`,
          original: errorToPayload(error, this.#includeStack),
        };
      }
    }
    return errorToPayload(error, this.#includeStack);
  }
}

/** Every option, so that a misspelt one (or a manifest without `version` and `tools`) is not ignored in silence. */
const OPTION_KEYS: Record<keyof ToolboxOptions, true> = {
  timeoutMs: true,
  maxResultSize: true,
  maxMediaSize: true,
  includeStack: true,
  onResult: true,
  onError: true,
  validators: true,
  classes: true,
  rejectExtraProperties: true,
  generateCode: true,
};

function checkOptionKeys(options: object): void {
  const unknown = Object.keys(options).filter((key) => !Object.hasOwn(OPTION_KEYS, key));
  if (unknown.length) {
    throw new TypeError(
      `new Toolbox(tools, options): unknown option${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')} ` +
        `(options: ${Object.keys(OPTION_KEYS).join(', ')}; a manifest has version and tools)`,
    );
  }
}

/**
 * The response part, the call's id and name echoed. Both come from the model: an echo longer than any real one (no
 * function name is over 128 characters, no call id the API makes near 1,024) is cut, so its size stays bounded.
 */
function respond(id: string | undefined, name: string, response: FunctionResponseBody): FunctionResponsePart {
  const echoedName = name.length > GEMINI_MAX_TOOL_NAME_LENGTH ? name.slice(0, GEMINI_MAX_TOOL_NAME_LENGTH) : name;
  if (id === undefined) return { functionResponse: { name: echoedName, response } };
  return {
    functionResponse: { id: id.length > MAX_CALL_ID ? id.slice(0, MAX_CALL_ID) : id, name: echoedName, response },
  };
}

const MAX_CALL_ID = 1_024;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function readArgumentsLoosely(args: unknown): Record<string, unknown> {
  return typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
}

function describe(plan: ToolPlan): string {
  if (isDefinedTool(plan.tool.instance)) return `defineTool "${plan.tool.name}"`;
  return `${plan.tool.class.name}.${plan.tool.method}`;
}
