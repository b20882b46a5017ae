import type { ContentUnion, FunctionDeclaration, Tool, ToolConfig } from '@google/genai';
import { GEMINI_MAX_TOOLS, type CallOptions } from '@toolwright/core';
import { debugSink, type DebugSink } from './debug.js';
import type { AgentClient, AgentHooks, AgentModelConfig, AgentOptions } from '../options.js';
import { retryPolicy, type RetryPolicy } from './model-call/retry.js';
import { declarationsOf } from '../declarations-cache.js';
import type { StepRunner } from '../steps.js';
import type { TelemetryOption } from '../telemetry.js';
import { telemetrySettings } from './telemetry/telemetry-settings.js';
import { isToolboxLike, type ToolboxLike } from '../toolbox-like.js';
import { checkCallingOption } from '../prompt-calling/calling-option.js';
import type { CallingSetup } from '../prompt-calling/calling-plan.js';
import { ModelMemory } from '../prompt-calling/model-traits.js';
import { nameClashError } from './name-clash.js';

/** An Agent's options, checked and with defaults filled in. Read-only and shared by all its runs. */
export interface AgentSetup {
  client: AgentClient;
  model: string;
  systemInstruction: ContentUnion | undefined;
  config: AgentModelConfig;
  toolConfig: ToolConfig | undefined;
  forcedTurns: number;
  fallbackMode: 'AUTO' | 'NONE' | 'VALIDATED';
  maxTurns: number;
  concurrency: number;
  toolTimeoutMs: number | Record<string, number> | undefined;
  /** Undefined: no limit. */
  requestTimeoutMs: number | undefined;
  maxToolErrors: number;
  retry: RetryPolicy;
  debug: DebugSink;
  /** Each hook, or undefined where none was given. */
  hooks: {
    onEvent: AgentHooks['onEvent'] | undefined;
    beforeToolCall: AgentHooks['beforeToolCall'] | undefined;
    afterToolCall: AgentHooks['afterToolCall'] | undefined;
  };
  toolboxes: ToolboxLike[];
  builtinTools: Tool[];
  dialect: AgentOptions['dialect'];
  step: StepRunner | undefined;
  /** The Agent's telemetry option, as given (a run's option is laid over it). */
  telemetry: TelemetryOption | undefined;
  /** Native or prompt-based calling, and what the Agent learnt about models (shared by its runs). */
  calling: CallingSetup;
}

/** The functions a run offers: every Toolbox's declarations, and which Toolbox runs each name. */
export interface RenderedTools {
  declarations: FunctionDeclaration[];
  routes: Map<string, ToolboxLike>;
}

/**
 * Renders the Toolboxes' declarations. Done at the start of each run, as a Toolbox may gain or lose tools between
 * runs. Throws a TypeError when two Toolboxes declare one name.
 */
export function renderTools(setup: Pick<AgentSetup, 'toolboxes' | 'dialect'>): RenderedTools {
  const declarations: FunctionDeclaration[] = [];
  const routes = new Map<string, ToolboxLike>();
  for (const [index, toolbox] of setup.toolboxes.entries()) {
    for (const declaration of declarationsOf(toolbox, setup.dialect)) {
      const name = declaration.name ?? '';
      const clash = routes.get(name);
      if (clash) throw nameClashError(name, clash, setup.toolboxes.indexOf(clash), toolbox, index);
      routes.set(name, toolbox);
      // Core renders the same JSON the SDK types with enums (`Type.STRING` is the string 'STRING').
      declarations.push(declaration);
    }
  }
  if (declarations.length > GEMINI_MAX_TOOLS) {
    throw new RangeError(
      `Agent option tools: ${declarations.length} function declarations, ` +
        `but Gemini takes at most ${GEMINI_MAX_TOOLS} in one request: ` +
        'give the Agent fewer tools (a Toolbox binds only the instances it is given)',
    );
  }
  return { declarations, routes };
}

function positiveInteger(name: string, value: number | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min)
    throw new RangeError(`Agent option ${name} must be an integer >= ${min}, got ${value}`);
  return value;
}

export function resolveSetup(options: AgentOptions): AgentSetup {
  if (!options || typeof options !== 'object') throw new TypeError('new Agent(options): options are required');
  if (!options.client?.models) throw new TypeError('Agent option client must be a GoogleGenAI client');
  if (typeof options.model !== 'string' || options.model === '')
    throw new TypeError('Agent option model must be a model name');

  const listed = options.tools === undefined ? [] : Array.isArray(options.tools) ? options.tools : [options.tools];
  const toolboxes: ToolboxLike[] = [];
  const builtinTools: Tool[] = [];
  for (const tool of listed) {
    if (isToolboxLike(tool)) toolboxes.push(tool);
    else if (typeof tool === 'object' && tool !== null) builtinTools.push(tool);
    else throw new TypeError('Agent option tools takes Toolboxes and Gemini Tool objects');
  }
  if (builtinTools.some((tool) => tool.functionDeclarations?.length)) {
    throw new TypeError(
      'Agent option tools: pass functions through a Toolbox, not as bare functionDeclarations (nothing would run them)',
    );
  }

  // Fail early on clashing names; each run renders again.
  renderTools({ toolboxes, dialect: options.dialect });

  const fallbackMode = options.fallbackMode ?? 'AUTO';
  if (!['AUTO', 'NONE', 'VALIDATED'].includes(fallbackMode))
    throw new RangeError(`Agent option fallbackMode must be AUTO, NONE or VALIDATED`);
  // A tracer that is none fails here, not in the first run.
  telemetrySettings(options.telemetry, undefined);
  const { onEvent, beforeToolCall, afterToolCall } = options;
  return {
    client: options.client,
    model: options.model,
    systemInstruction: options.systemInstruction,
    config: options.config ?? {},
    toolConfig: options.toolConfig,
    forcedTurns: positiveInteger('forcedTurns', options.forcedTurns, 1),
    fallbackMode,
    maxTurns: positiveInteger('maxTurns', options.maxTurns, 10),
    concurrency: options.sequential ? 1 : positiveInteger('concurrency', options.concurrency, 8),
    toolTimeoutMs: options.toolTimeoutMs,
    requestTimeoutMs: timeLimit('requestTimeoutMs', options.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS),
    maxToolErrors: positiveInteger('maxToolErrors', options.maxToolErrors, 3),
    retry: retryPolicy(options.retry),
    debug: debugSink(options.debug),
    hooks: { onEvent, beforeToolCall, afterToolCall },
    toolboxes,
    builtinTools,
    dialect: options.dialect,
    step: stepRunner(options.step),
    telemetry: options.telemetry,
    calling: { option: checkCallingOption(options.calling), memory: new ModelMemory() },
  };
}

function stepRunner(step: StepRunner | undefined): StepRunner | undefined {
  if (step !== undefined && typeof step !== 'function') {
    throw new TypeError('Agent option step must be a function (name, fn, detail) => Promise');
  }
  if (step?.all !== undefined && typeof step.all !== 'function') {
    throw new TypeError("Agent option step's all must be a function (steps) => Promise of settled results");
  }
  return step;
}

/** A model request with no answer for this long is given up (and retried). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 600_000;
/** A tool call with no limit of its own is cancelled after this long. */
export const DEFAULT_TOOL_TIMEOUT_MS = 300_000;

/** A time limit option: undefined takes the default; 0, a negative number or Infinity mean none (undefined). */
function timeLimit(name: string, value: number | undefined, fallback: number): number | undefined {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value))
    throw new RangeError(`Agent option ${name} must be a number of milliseconds, got ${String(value)}`);
  // setTimeout cannot wait longer than 2^31 - 1 ms (it fires at once): such a limit is no limit.
  return value > 0 && value < 2 ** 31 ? value : undefined;
}

/**
 * The limits the Agent gives one call: `toolTimeoutMs` as the default a tool's own limit wins over, and
 * DEFAULT_TOOL_TIMEOUT_MS as the fallback for a call that nothing else limits (core's `callTimeLimit` decides; an
 * imported MCP server's own default, 60 s, comes before the fallback).
 */
export function timeLimitsFor(
  setup: AgentSetup,
  name: string,
): Pick<CallOptions, 'defaultTimeoutMs' | 'fallbackTimeoutMs'> {
  const option = setup.toolTimeoutMs;
  const chosen = option === undefined || typeof option === 'number' ? option : (option[name] ?? option['*']);
  return chosen === undefined
    ? { fallbackTimeoutMs: DEFAULT_TOOL_TIMEOUT_MS }
    : { defaultTimeoutMs: chosen, fallbackTimeoutMs: DEFAULT_TOOL_TIMEOUT_MS };
}
