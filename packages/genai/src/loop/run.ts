import type {
  Content,
  FunctionCallingConfigMode,
  GenerateContentConfig,
  GenerateContentParameters,
  GenerateContentResponse,
  GenerateContentResponseUsageMetadata,
  Tool,
  ToolConfig,
} from '@google/genai';
import { clientFetch, RequestFetch } from './model-call/request-fetch.js';
import { RequestLimit } from './model-call/request-limit.js';
import { abortWith } from './abort-link.js';
import { debugJson } from './debug.js';
import {
  AgentAbortedError,
  AgentApiError,
  AgentError,
  AgentHookError,
  AgentStreamError,
  type AgentErrorState,
} from '../errors.js';
import type { AgentEvent } from '../events.js';
import { readCalls, withoutCalls } from './function-calls.js';
import { answerText, StreamedContent } from './merge-parts.js';
import type { RunOptions } from '../options.js';
import { CallingPlan, type PromptReply } from '../prompt-calling/calling-plan.js';
import type { AgentResult, Step, StopReason } from '../result.js';
import { isConnectionError, retryDelay, retryInfoDelay, sleep, statusOf } from './model-call/retry.js';
import { renderTools, type AgentSetup, type RenderedTools } from './setup.js';
import { MalformedReply, readCandidate } from './reply-shape.js';
import { isBrokenCall, isEmptyAnswer, stopReasonOf } from './stop-reason.js';
import { modelStep, StepFailure, type StepRunner } from '../steps.js';
import { HookFailure, runToolPhase, type ToolPhaseRun } from './tool-phase.js';
import { addUsage, emptyUsage, turnUsage } from './usage.js';

type EventInput = AgentEvent extends infer E
  ? E extends unknown
    ? Omit<E, 'runId' | 'time' | 'elapsedMs'>
    : never
  : never;

interface ModelReply {
  content: Content | undefined;
  finishReason: string | undefined;
  finishMessage: string | undefined;
  blocked: boolean;
  usage: GenerateContentResponseUsageMetadata | undefined;
  retries: number;
  modelMs: number;
  /** Prompt mode: the calls, prose and broken calls read from the reply's text. */
  prompt?: PromptReply;
}

/** Internal: a stream broke after it started. */
class StreamBroken {
  constructor(
    readonly partialText: string,
    readonly cause: unknown,
  ) {}
}

/** Run options, plus what the Agent and Chat pass internally. */
export interface InternalRunOptions extends RunOptions {
  /** An id chosen before the run starts (a chat stream that waits for earlier sends). */
  runId?: string;
}

let runCounter = 0;
export function newRunId(): string {
  runCounter = (runCounter + 1) % 1_000_000;
  return `run_${Date.now().toString(36)}_${runCounter.toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
}

/** One run of the loop. Everything mutable lives here, so runs on one Agent share nothing. */
export class Run implements ToolPhaseRun {
  readonly runId: string;
  readonly startedAt = Date.now();
  readonly history: Content[];
  readonly steps: Step[] = [];
  readonly usage = emptyUsage();
  readonly errorStreaks = new Map<string, number>();
  readonly tools: RenderedTools;
  readonly step: StepRunner | undefined;
  readonly beforeToolCall: RunOptions['beforeToolCall'];
  readonly calling: CallingPlan;
  /** Set when the run can be aborted (a caller's signal, or a stream whose reader may stop). */
  readonly abortSignal: AbortSignal | undefined;
  readonly aborted: Promise<void> | undefined;
  private controller: AbortController | undefined;
  private readonly unlink: () => void = () => {};
  private readonly requests: RequestLimit;
  /** The fetch the requests go through (undefined: the SDK's, as configured; signals then go in `config`). */
  private readonly requestFetch: RequestFetch | undefined;
  private readonly httpOptions: GenerateContentConfig['httpOptions'];

  constructor(
    readonly setup: AgentSetup,
    input: Content[],
    private readonly options: InternalRunOptions & { streaming: boolean; sink?: (event: AgentEvent) => void },
  ) {
    this.runId = options.runId ?? newRunId();
    this.history = input;
    this.tools = renderTools(setup);
    this.step = options.step ?? setup.step;
    this.beforeToolCall = options.beforeToolCall;
    this.calling = new CallingPlan(setup.calling, setup.model, this.tools.declarations);
    // A run nothing can stop needs no signal: creating one, and the listeners on it, is a real share of a run's cost.
    if (options.signal || options.streaming) {
      const controller = (this.controller = new AbortController());
      const signal = (this.abortSignal = controller.signal);
      allowManyListeners(signal);
      this.aborted = new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      if (options.signal) this.unlink = abortWith(controller, options.signal);
    }
    this.requests = new RequestLimit(setup.requestTimeoutMs, this.abortSignal);
    const record = setup.retry.retries > 0 && setup.retry.readRetryAfterHeader;
    const base = record || setup.requestTimeoutMs !== undefined || this.abortSignal ? this.baseFetch() : undefined;
    if (base) {
      this.requestFetch = new RequestFetch(base, record);
      this.httpOptions = { ...setup.config.httpOptions, fetch: this.requestFetch.fetch };
    }
  }

  /** The run's signal, as the hooks see it (made on first use when the run cannot be aborted; it never fires then). */
  get signal(): AbortSignal {
    return (this.controller ??= new AbortController()).signal;
  }

  get isAborted(): boolean {
    return this.abortSignal?.aborted === true;
  }

  /** Stops the run (a stream reader that went away). */
  abort(reason?: unknown): void {
    this.controller?.abort(reason);
  }

  emit(partial: EventInput): void {
    // Nobody listens (a plain run()): build nothing.
    if (!this.options.sink && !this.setup.hooks.onEvent && !this.options.onEvent) return;
    const time = Date.now();
    const event = { ...partial, runId: this.runId, time, elapsedMs: time - this.startedAt } as AgentEvent;
    this.options.sink?.(event);
    for (const listener of [this.setup.hooks.onEvent, this.options.onEvent]) {
      if (!listener) continue;
      try {
        listener(event);
      } catch (error) {
        this.debug(
          `onEvent listener threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      }
    }
  }

  debug(line: string): void {
    this.setup.debug?.(`[toolwright ${this.runId}] ${line}`);
  }

  private state(): AgentErrorState {
    return { runId: this.runId, history: [...this.history], steps: [...this.steps], usage: { ...this.usage } };
  }

  async execute(): Promise<AgentResult> {
    try {
      return await this.loop();
    } catch (error) {
      throw this.toAgentError(error);
    } finally {
      this.close();
    }
  }

  /** The run is over: nothing of it stays linked or armed. (Internal: also after `agent.runStep`.) */
  close(): void {
    this.unlink();
    this.requests.dispose();
  }

  private toAgentError(error: unknown): AgentError {
    if (error instanceof AgentError) return error;
    if (error instanceof HookFailure) return new AgentHookError(error.hook, this.state(), error.cause);
    if (this.isAborted) return new AgentAbortedError(this.state(), this.abortSignal!.reason ?? error);
    if (error instanceof StepFailure) {
      const message = error.cause instanceof Error ? error.cause.message : String(error.cause);
      const state = this.state();
      return new AgentError('step', `The step "${error.name}" failed: ${message}`, state, { cause: error.cause });
    }
    if (error instanceof StreamBroken) {
      const message = error.cause instanceof Error ? error.cause.message : String(error.cause);
      return new AgentStreamError(`The streamed reply broke before it was complete: ${message}`, this.state(), {
        partialText: error.partialText,
        cause: error.cause,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new AgentError('api', `The run failed: ${message}`, this.state(), { cause: error });
  }

  private async loop(): Promise<AgentResult> {
    const { maxTurns } = this.setup;
    let turn = 0;
    let toolTurns = 0;
    let brokenCallRetried = false;
    let emptyRetried = false;
    for (;;) {
      if (this.isAborted) throw new AgentAbortedError(this.state(), this.abortSignal!.reason);
      turn += 1;
      const final = toolTurns >= maxTurns;
      const reply = await this.modelReply(turn, final);
      // Native calls must be ones the API takes back; prompt-mode calls were parsed from the text.
      const read = reply.prompt ? { calls: reply.prompt.calls, malformed: undefined } : readCalls(reply.content);
      const calls = read.calls ?? [];
      const malformed = read.malformed;
      // Prompt mode: calls the model wrote but that cannot run still need an answer (feedback), so the turn goes on.
      const unanswered = calls.length === 0 && !reply.prompt?.problems.length;
      for (const problem of reply.prompt?.problems ?? [])
        this.debug(`turn ${turn}: a call was not run: ${problem.message}`);
      const step: Step = { turn, calls: [], modelMs: reply.modelMs, toolsMs: 0, retries: reply.retries };
      if (reply.content) step.content = reply.content;
      if (reply.finishReason !== undefined) step.finishReason = reply.finishReason;
      if (reply.finishMessage !== undefined) step.finishMessage = reply.finishMessage;
      this.steps.push(step);

      // A call the API would refuse to get back (no name, say) is a malformed call, whatever the finish reason.
      const broken = malformed !== undefined || (unanswered && isBrokenCall(reply.finishReason));
      if (broken && !final && !brokenCallRetried) {
        brokenCallRetried = true;
        // What the model said beside its calls stays; the calls themselves never enter the history.
        const said = withoutCalls(reply.content);
        if (said) this.history.push(said);
        const reason = malformed !== undefined ? 'MALFORMED_FUNCTION_CALL' : reply.finishReason!;
        this.history.push(brokenCallFeedback(reason, malformed ?? reply.finishMessage));
        this.debug(`${malformed ?? reply.finishReason}: retrying once with feedback`);
        this.emitTurnEnd(step, reply);
        continue;
      }
      // Gemini sometimes answers with nothing at all (no candidate, no parts, or only empty text), most often after
      // tool results: that is no answer, so the same request is sent once more before the run gives up and says so.
      const empty = !broken && unanswered && !reply.blocked && isEmptyAnswer(reply.content, reply.finishReason);
      if (empty && !emptyRetried && !final) {
        emptyRetried = true;
        this.debug(`turn ${turn}: the model sent an empty answer; asking once more`);
        this.emitTurnEnd(step, reply);
        continue;
      }
      if (unanswered || broken || final) {
        // Calls that are not run must not end the history unanswered: the API would refuse it as the start of the
        // next request. At the turn limit they came although calling was off; running them would pass the limit.
        const said = reply.prompt ? reply.content : withoutCalls(reply.content);
        if (said) this.history.push(said);
        this.emitTurnEnd(step, reply);
        const stopReason: StopReason = final
          ? 'max_turns'
          : malformed !== undefined
            ? 'malformed_call'
            : empty
              ? 'empty_response'
              : stopReasonOf(reply.finishReason, reply.blocked);
        return this.finish(reply, stopReason, malformed);
      }

      brokenCallRetried = false;
      emptyRetried = false;
      toolTurns += 1;
      const toolsStarted = Date.now();
      const executed = calls.length ? await runToolPhase(this, calls, turn) : [];
      step.calls = executed.map((call) => call.record);
      step.toolsMs = Date.now() - toolsStarted;
      const answers: Content = reply.prompt
        ? this.calling.resultsTurn(
            executed.map((call) => call.record.response ?? {}),
            reply.prompt,
          )
        : { role: 'user', parts: executed.map((call) => call.part) };
      // The model turn and its answers enter the history together: it always ends on a complete turn.
      this.history.push(reply.content!, answers);
      this.emitTurnEnd(step, reply);
    }
  }

  private emitTurnEnd(step: Step, reply: ModelReply): void {
    const event: EventInput = {
      type: 'turn_end',
      turn: step.turn,
      calls: step.calls,
      modelMs: step.modelMs,
      toolsMs: step.toolsMs,
    };
    if (step.content) event.content = step.content;
    if (step.finishReason !== undefined) event.finishReason = step.finishReason;
    const usage = turnUsage(reply.usage);
    if (usage) event.usage = usage;
    this.emit(event);
  }

  private finish(reply: ModelReply, stopReason: StopReason, malformed: string | undefined): AgentResult {
    const result: AgentResult = {
      text: reply.prompt ? reply.prompt.text : answerText(withoutCalls(reply.content)),
      history: this.history,
      steps: this.steps,
      usage: this.usage,
      stopReason,
      runId: this.runId,
      durationMs: Date.now() - this.startedAt,
    };
    if (reply.finishReason !== undefined) result.finishReason = reply.finishReason;
    if (malformed !== undefined) result.finishMessage = `Malformed function call: ${malformed}`;
    else if (reply.finishMessage !== undefined) result.finishMessage = reply.finishMessage;
    this.debug(`done: ${stopReason} after ${this.steps.length} turns, ${result.durationMs} ms`);
    this.emit({ type: 'done', turn: this.steps.length, result });
    return result;
  }

  /** The tools and tool config of one request. */
  private toolsFor(turn: number, final: boolean): { tools?: Tool[]; toolConfig?: ToolConfig } {
    const { builtinTools, toolConfig } = this.setup;
    const { declarations } = this.tools;
    const tools: Tool[] = [];
    // Fresh declaration objects per request: the SDK rewrites `parameters` on the objects it is given.
    if (declarations.length)
      tools.push({ functionDeclarations: declarations.map((declaration) => ({ ...declaration })) });
    tools.push(...builtinTools);
    if (tools.length === 0) return {};
    const calling = toolConfig?.functionCallingConfig;
    if (final && declarations.length) {
      return {
        tools,
        toolConfig: { ...toolConfig, functionCallingConfig: { mode: 'NONE' as FunctionCallingConfigMode } },
      };
    }
    if (calling?.mode === 'ANY' && turn > this.setup.forcedTurns) {
      const mode = this.setup.fallbackMode as FunctionCallingConfigMode;
      const { allowedFunctionNames, ...rest } = calling;
      const functionCallingConfig =
        mode === 'VALIDATED' && allowedFunctionNames ? { ...rest, mode, allowedFunctionNames } : { ...rest, mode };
      return { tools, toolConfig: { ...toolConfig, functionCallingConfig } };
    }
    return toolConfig ? { tools, toolConfig } : { tools };
  }

  private requestParams(turn: number, final: boolean): GenerateContentParameters & { config: GenerateContentConfig } {
    const config: GenerateContentConfig = {
      ...this.setup.config,
      ...this.toolsFor(turn, final),
      automaticFunctionCalling: { disable: true },
    };
    if (this.httpOptions) config.httpOptions = this.httpOptions;
    if (this.setup.systemInstruction !== undefined) config.systemInstruction = this.setup.systemInstruction;
    if (this.calling.prompting) {
      const shaped = this.calling.shape({ contents: this.history, config }, this.setup.systemInstruction, final);
      return { model: this.setup.model, ...shaped };
    }
    return { model: this.setup.model, contents: [...this.history], config };
  }

  /** One model request, as a step when the run has a step runner; its usage is counted here, replayed or not. */
  private async modelReply(turn: number, final: boolean): Promise<ModelReply> {
    let reply: ModelReply;
    if (!this.step) reply = await this.requestModel(turn, final);
    else {
      try {
        const detail = { kind: 'model' as const, turn, final, contents: [...this.history] };
        reply = await modelStep(this.step, this, detail, () => this.requestModel(turn, final));
      } catch (error) {
        const own = error instanceof AgentError || error instanceof StreamBroken || this.isAborted;
        throw own ? error : new StepFailure(`model ${turn}`, error);
      }
    }
    addUsage(this.usage, reply.usage);
    return reply;
  }

  /** One model request, retried on the configured statuses. (Internal: also `agent.runStep` of a model step.) */
  async requestModel(turn: number, final: boolean): Promise<ModelReply> {
    const { retry } = this.setup;
    let params = this.requestParams(turn, final);
    const started = Date.now();
    for (let attempt = 1; ; attempt += 1) {
      const signal = this.requests.begin();
      const recorder = this.requestFetch;
      if (recorder) recorder.begin(signal);
      else if (signal) params.config.abortSignal = signal;
      if (this.setup.debug)
        this.debug(
          `turn ${turn} request${final ? ' (final, calling off)' : ''}: ` +
            `${debugJson({ model: params.model, contents: params.contents, config: params.config })}`,
        );
      try {
        const reply = this.options.streaming
          ? await this.requests.within(this.streamOnce(params, turn))
          : await this.requests.within(this.generateOnce(params, turn));
        reply.retries = attempt - 1;
        reply.modelMs = Date.now() - started;
        return reply;
      } catch (caught) {
        if (caught instanceof StreamBroken || this.isAborted) throw caught;
        if (caught instanceof MalformedReply)
          throw new AgentApiError(caught.message, this.state(), { attempts: attempt, cause: caught });
        // The API refused tools (or a system instruction) for this model: switch, and send once more.
        if (this.calling.learn(caught, params.config.systemInstruction !== undefined)) {
          const message = caught instanceof Error ? caught.message : String(caught);
          this.debug(`turn ${turn}: ${message}; sending again with calling in the prompt`);
          params = this.requestParams(turn, final);
          attempt -= 1;
          continue;
        }
        const timeout = this.requests.timeout;
        if (timeout) recorder?.giveUp();
        const error = timeout ?? caught;
        // A failed reply whose body the SDK cannot parse (an HTML error page labelled JSON, an empty body) loses its
        // status in the SDK's error; the recording fetch saw it.
        const recorded = statusOf(error) === undefined ? recorder?.failedStatus() : undefined;
        const status = statusOf(error) ?? recorded;
        const noAnswer = timeout !== undefined || isConnectionError(error);
        const retryable = status !== undefined ? retry.statuses.has(status) : retry.connectionErrors && noAnswer;
        if (retryable && attempt <= retry.retries) {
          const delayMs = retryDelay(
            retry,
            attempt,
            status === undefined ? undefined : (recorder?.retryAfterMs() ?? retryInfoDelay(error)),
          );
          this.debug(`turn ${turn} attempt ${attempt} failed (${status ?? 'no answer'}); retrying in ${delayMs} ms`);
          const event: EventInput = { type: 'retry', turn, attempt, delayMs, error };
          if (status !== undefined) event.status = status;
          this.emit(event);
          await sleep(delayMs, this.abortSignal);
          continue;
        }
        const read = error instanceof Error ? error.message : String(error);
        const message = recorded !== undefined ? `its body could not be read (${read})` : read;
        const details: { status?: number; attempts: number; cause: unknown } = { attempts: attempt, cause: error };
        if (status !== undefined) details.status = status;
        throw new AgentApiError(
          `The model request failed${status !== undefined ? ` with status ${status}` : ''}` +
            `${attempt > 1 ? ` after ${attempt} attempts` : ''}: ${message}`,
          this.state(),
          details,
        );
      } finally {
        this.requests.end();
      }
    }
  }

  /** The fetch the run's requests delegate to: `retry.fetch`, the request config's, or the client's own. */
  private baseFetch(): typeof fetch | undefined {
    return this.setup.retry.fetch ?? this.setup.config.httpOptions?.fetch ?? clientFetch(this.setup.client);
  }

  private async generateOnce(params: GenerateContentParameters, turn: number): Promise<ModelReply> {
    const response = await this.setup.client.models.generateContent(params);
    this.observe(response, turn);
    const { content, finishReason, finishMessage, blocked } = readCandidate(response);
    const reader = this.calling.reader();
    for (const part of content?.parts ?? []) {
      if (typeof part.text !== 'string' || part.text === '') continue;
      const text = reader && !part.thought ? reader.push(part.text) : part.text;
      if (text !== '') this.emit({ type: part.thought ? 'thought' : 'text', turn, text });
    }
    const read = reader?.end();
    if (read?.rest) this.emit({ type: 'text', turn, text: read.rest });
    const reply: ModelReply = {
      content,
      finishReason,
      finishMessage,
      blocked,
      usage: response.usageMetadata,
      retries: 0,
      modelMs: 0,
    };
    if (read) reply.prompt = read.reply;
    return reply;
  }

  private async streamOnce(params: GenerateContentParameters, turn: number): Promise<ModelReply> {
    const stream = await this.setup.client.models.generateContentStream(params);
    const merged = new StreamedContent();
    let finishReason: string | undefined;
    let finishMessage: string | undefined;
    let blocked = false;
    let usage: GenerateContentResponseUsageMetadata | undefined;
    let partialText = '';
    const reader = this.calling.reader();
    try {
      for await (const chunk of stream) {
        this.requests.touch();
        this.observe(chunk, turn);
        const candidate = readCandidate(chunk);
        for (const part of candidate.content?.parts ?? []) {
          if (typeof part.text !== 'string' || part.text === '') continue;
          // In prompt mode only prose is shown: text that may still be a call waits until it is known not to be.
          const text = reader && !part.thought ? reader.push(part.text) : part.text;
          if (!part.thought) partialText += text;
          if (text !== '') this.emit({ type: part.thought ? 'thought' : 'text', turn, text });
        }
        merged.add(candidate.content);
        if (candidate.finishReason) finishReason = candidate.finishReason;
        if (candidate.finishMessage) finishMessage = candidate.finishMessage;
        if (candidate.blocked) blocked = true;
        if (chunk.usageMetadata) usage = chunk.usageMetadata;
      }
    } catch (error) {
      if (this.isAborted || error instanceof MalformedReply) throw error;
      throw new StreamBroken(partialText, this.requests.timeout ?? error);
    }
    const read = reader?.end();
    if (read?.rest) this.emit({ type: 'text', turn, text: read.rest });
    const content = merged.content();
    const reply: ModelReply = { content, finishReason, finishMessage, blocked, usage, retries: 0, modelMs: 0 };
    if (read) reply.prompt = read.reply;
    return reply;
  }

  /** Every raw reply goes to the debug log and out as a `response` event. */
  private observe(response: GenerateContentResponse, turn: number): void {
    if (this.setup.debug) this.debug(`turn ${turn} reply: ${debugJson(response)}`);
    this.emit({ type: 'response', turn, response });
  }
}

/**
 * Every request and every running tool of the run adds a listener to its signal, so more than Node's
 * default of 10 listeners is normal here, not a leak. Node only: other runtimes have no such warning.
 */
function allowManyListeners(signal: AbortSignal): void {
  const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const events = node?.getBuiltinModule?.('node:events') as
    | { setMaxListeners?: (n: number, target: EventTarget) => void }
    | undefined;
  events?.setMaxListeners?.(0, signal);
}

function brokenCallFeedback(finishReason: string, finishMessage: string | undefined): Content {
  // The message comes from the server or describes the model's call: bounded, so that no reply can grow the history.
  const why = finishMessage
    ? ` (${finishMessage.length > 500 ? `${finishMessage.slice(0, 500)}...` : finishMessage})`
    : '';
  const text =
    finishReason === 'UNEXPECTED_TOOL_CALL'
      ? `Your last reply called a tool that is not available here${why}. Use only the declared functions, or ` +
        'answer in text.'
      : `Your last function call could not be parsed${why}. Call a declared function again with arguments that ` +
        'are valid JSON matching its schema, or answer in text.';
  return { role: 'user', parts: [{ text }] };
}
