import type { Content } from '@google/genai';
import { AgentAbortedError, type AgentErrorState } from '../errors.js';
import type { AgentEvent } from '../events.js';
import type { RunOptions } from '../options.js';
import { CallingPlan } from '../prompt-calling/calling-plan.js';
import type { AgentResult, Step, StopReason } from '../result.js';
import type { StepRunner } from '../steps.js';
import { abortWith, allowManyListeners } from './abort-link.js';
import { agentErrorOf } from './agent-error-of.js';
import { brokenCallFeedback } from './broken-call-feedback.js';
import { RunCalling } from './calling/run-calling.js';
import type { EventInput } from './event-input.js';
import { withoutCalls } from './function-calls.js';
import { ModelCall, type ModelCallRun } from './model-call/model-call.js';
import type { ModelReply } from './model-call/model-reply.js';
import { newRunId } from './run-id.js';
import { renderTools, type AgentSetup, type RenderedTools } from './setup.js';
import { RunTelemetry } from './telemetry/run-telemetry.js';
import { loadOtelApi } from './telemetry/otel-api.js';
import { telemetrySettings, type TelemetrySettings } from './telemetry/telemetry-settings.js';
import { runToolPhase, type ToolPhaseRun } from './tool-phase.js';
import { classifyTurn } from './turn-outcome.js';
import { addUsage, emptyUsage, turnUsage } from './usage.js';

/** Run options, plus what the Agent and Chat pass internally. */
export interface InternalRunOptions extends RunOptions {
  /** An id chosen before the run starts (a chat stream that waits for earlier sends). */
  runId?: string;
}

/** One run of the loop. Everything mutable lives here, so runs on one Agent share nothing. */
export class Run implements ToolPhaseRun, ModelCallRun {
  readonly runId: string;
  readonly startedAt = Date.now();
  readonly history: Content[];
  readonly steps: Step[] = [];
  readonly usage = emptyUsage();
  readonly errorStreaks = new Map<string, number>();
  readonly tools: RenderedTools;
  readonly step: StepRunner | undefined;
  readonly beforeToolCall: RunOptions['beforeToolCall'];
  readonly calling: RunCalling;
  /** Set when the run can be aborted (a caller's signal, or a stream whose reader may stop). */
  readonly abortSignal: AbortSignal | undefined;
  readonly aborted: Promise<void> | undefined;
  private controller: AbortController | undefined;
  private readonly unlink: () => void = () => {};
  private readonly model: ModelCall;
  /** The run's spans, when telemetry is on (set as the run starts). */
  telemetry: RunTelemetry | undefined;
  private readonly telemetrySettings: TelemetrySettings | undefined;

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
    const plan = new CallingPlan(setup.calling, setup.model, this.tools.declarations);
    this.calling = new RunCalling(plan, setup.systemInstruction);
    // A run nothing can stop needs no signal: creating one, and the listeners on it, is a real share of a run's cost.
    if (options.signal || options.streaming) {
      const controller = (this.controller = new AbortController());
      const signal = (this.abortSignal = controller.signal);
      allowManyListeners(signal);
      this.aborted = new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      if (options.signal) this.unlink = abortWith(controller, options.signal);
    }
    this.model = new ModelCall(this, options.streaming);
    this.telemetrySettings = telemetrySettings(setup.telemetry, options.telemetry);
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
        const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
        this.debug(`onEvent listener threw: ${text}`);
      }
    }
  }

  debug(line: string): void {
    this.setup.debug?.(`[toolwright ${this.runId}] ${line}`);
  }

  state(): AgentErrorState {
    return { runId: this.runId, history: [...this.history], steps: [...this.steps], usage: { ...this.usage } };
  }

  async execute(): Promise<AgentResult> {
    try {
      const settings = this.telemetrySettings;
      if (settings)
        this.telemetry = RunTelemetry.forRun(await loadOtelApi(), settings, this.setup, this.runId, this.history);
      const result = await this.loop();
      this.telemetry?.finish(result);
      return result;
    } catch (error) {
      const failure = agentErrorOf(error, this.state(), this.abortSignal);
      this.telemetry?.fail(failure);
      throw failure;
    } finally {
      this.close();
    }
  }

  /** The run is over: nothing of it stays linked or armed. (Internal: also after `agent.runStep`.) */
  close(): void {
    this.unlink();
    this.model.dispose();
  }

  /** One model request, retried on the configured statuses. (Internal: `agent.runStep` of a model step.) */
  requestModel(turn: number, final: boolean): Promise<ModelReply> {
    return this.model.request(turn, final);
  }

  private async loop(): Promise<AgentResult> {
    const state = { final: false, brokenCallRetried: false, emptyRetried: false };
    let toolTurns = 0;
    for (let turn = 1; ; turn += 1) {
      if (this.isAborted) throw new AgentAbortedError(this.state(), this.abortSignal!.reason);
      state.final = toolTurns >= this.setup.maxTurns;
      const reply = await this.model.reply(turn, state.final);
      addUsage(this.usage, reply.usage);
      const calling = this.calling.forReply(reply);
      const read = calling.read(reply);
      for (const problem of read.problems) this.debug(`turn ${turn}: a call was not run: ${problem.message}`);
      const step: Step = { turn, calls: [], modelMs: reply.modelMs, toolsMs: 0, retries: reply.retries };
      if (reply.content) step.content = reply.content;
      if (reply.finishReason !== undefined) step.finishReason = reply.finishReason;
      if (reply.finishMessage !== undefined) step.finishMessage = reply.finishMessage;
      this.steps.push(step);

      const outcome = classifyTurn(reply, read, state);
      if (outcome.kind === 'broken') {
        state.brokenCallRetried = true;
        // What the model said beside its calls stays; the calls themselves never enter the history.
        const said = withoutCalls(reply.content);
        if (said) this.history.push(said);
        this.history.push(brokenCallFeedback(outcome.finishReason, outcome.message));
        this.debug(`${read.malformed ?? reply.finishReason}: retrying once with feedback`);
      } else if (outcome.kind === 'empty') {
        state.emptyRetried = true;
        this.debug(`turn ${turn}: the model sent an empty answer; asking once more`);
      } else if (outcome.kind === 'final') {
        // Calls that are not run must not end the history unanswered: the API would refuse it as the start of the
        // next request. At the turn limit they came although calling was off; running them would pass the limit.
        const said = calling.kept(reply);
        if (said) this.history.push(said);
        this.emitTurnEnd(step, reply);
        return this.finish(reply, calling.answerText(reply), outcome.stopReason, read.malformed);
      } else {
        state.brokenCallRetried = false;
        state.emptyRetried = false;
        toolTurns += 1;
        const toolsStarted = Date.now();
        const executed = read.calls.length ? await runToolPhase(this, read.calls, turn) : [];
        step.calls = executed.map((call) => call.record);
        step.toolsMs = Date.now() - toolsStarted;
        // The model turn and its answers enter the history together: it always ends on a complete turn.
        this.history.push(reply.content!, calling.answers(executed, reply));
      }
      this.emitTurnEnd(step, reply);
    }
  }

  private emitTurnEnd(step: Step, reply: ModelReply): void {
    const { turn, calls, modelMs, toolsMs } = step;
    const event: EventInput = { type: 'turn_end', turn, calls, modelMs, toolsMs };
    if (step.content) event.content = step.content;
    if (step.finishReason !== undefined) event.finishReason = step.finishReason;
    const usage = turnUsage(reply.usage);
    if (usage) event.usage = usage;
    this.emit(event);
  }

  private finish(reply: ModelReply, text: string, stopReason: StopReason, malformed: string | undefined): AgentResult {
    const durationMs = Date.now() - this.startedAt;
    const { history, steps, usage, runId } = this;
    const result: AgentResult = { text, history, steps, usage, stopReason, runId, durationMs };
    if (reply.finishReason !== undefined) result.finishReason = reply.finishReason;
    if (malformed !== undefined) result.finishMessage = `Malformed function call: ${malformed}`;
    else if (reply.finishMessage !== undefined) result.finishMessage = reply.finishMessage;
    this.debug(`done: ${stopReason} after ${this.steps.length} turns, ${result.durationMs} ms`);
    this.emit({ type: 'done', turn: this.steps.length, result });
    return result;
  }
}
