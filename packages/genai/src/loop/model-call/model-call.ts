import type { Content, GenerateContentConfig } from '@google/genai';
import { AgentApiError, AgentError, type AgentErrorState } from '../../errors.js';
import { modelStep, StepFailure, type StepRunner } from '../../steps.js';
import type { RunCalling } from '../calling/run-calling.js';
import { debugJson } from '../debug.js';
import type { EventInput } from '../event-input.js';
import { MalformedReply } from '../reply-shape.js';
import type { AgentSetup, RenderedTools } from '../setup.js';
import type { ChatSpan, RunTelemetry } from '../telemetry/run-telemetry.js';
import { failureText } from './failure-text.js';
import { StreamBroken, type ModelReply } from './model-reply.js';
import { generateOnce, streamOnce } from './reply-readers.js';
import { clientFetch, RequestFetch } from './request-fetch.js';
import { RequestLimit } from './request-limit.js';
import { requestParams, type RequestInputs } from './request-shape.js';
import { isConnectionError, retryDelay, retryInfoDelay, sleep, statusOf } from './retry.js';

/** What the model call needs of its run. */
export interface ModelCallRun {
  readonly setup: AgentSetup;
  readonly tools: RenderedTools;
  readonly history: Content[];
  readonly calling: RunCalling;
  readonly step: StepRunner | undefined;
  readonly telemetry: RunTelemetry | undefined;
  readonly abortSignal: AbortSignal | undefined;
  readonly isAborted: boolean;
  emit(event: EventInput): void;
  debug(line: string): void;
  state(): AgentErrorState;
}

/** A run's model requests: shaped, sent (plain or streamed), timed, retried, and read into replies. */
export class ModelCall {
  private readonly requests: RequestLimit;
  /** The fetch the requests go through (undefined: the SDK's, as configured; signals then go in `config`). */
  private readonly requestFetch: RequestFetch | undefined;
  private readonly inputs: RequestInputs;

  constructor(
    private readonly run: ModelCallRun,
    private readonly streaming: boolean,
  ) {
    const { setup, abortSignal } = run;
    this.requests = new RequestLimit(setup.requestTimeoutMs, abortSignal);
    const record = setup.retry.retries > 0 && setup.retry.readRetryAfterHeader;
    let httpOptions: GenerateContentConfig['httpOptions'];
    if (record || setup.requestTimeoutMs !== undefined || abortSignal) {
      // The base: `retry.fetch`, the request config's, or the client's own.
      const base = setup.retry.fetch ?? setup.config.httpOptions?.fetch ?? clientFetch(setup.client);
      if (base) {
        this.requestFetch = new RequestFetch(base, record);
        httpOptions = { ...setup.config.httpOptions, fetch: this.requestFetch.fetch };
      }
    }
    this.inputs = { setup, tools: run.tools, history: run.history, httpOptions };
  }

  /** Nothing of the run's requests stays armed. */
  dispose(): void {
    this.requests.dispose();
  }

  /** One model request, as a step when the run has a step runner. */
  async reply(turn: number, final: boolean): Promise<ModelReply> {
    const { run } = this;
    if (!run.step) return this.request(turn, final);
    try {
      const detail = { kind: 'model' as const, turn, final, contents: [...run.history] };
      let ran = false;
      const reply = await modelStep(run.step, run, detail, () => {
        ran = true;
        return this.request(turn, final);
      });
      // Answered from the runner's journal: the trace still shows the turn, marked as replayed.
      if (!ran) run.telemetry?.replayedChat(turn, detail.contents, reply);
      return reply;
    } catch (error) {
      const own = AgentError.isInstance(error) || error instanceof StreamBroken || run.isAborted;
      throw own ? error : new StepFailure(`model ${turn}`, error);
    }
  }

  /**
   * One model request, retried on the configured statuses, in a `chat` span when telemetry is on. (Also
   * `agent.runStep` of a model step.)
   */
  async request(turn: number, final: boolean): Promise<ModelReply> {
    const chat = this.run.telemetry?.chat(turn, this.run.history);
    if (!chat) return this.attempts(turn, final, undefined);
    try {
      const reply = await chat.within(() => this.attempts(turn, final, chat));
      chat.end(reply);
      return reply;
    } catch (error) {
      chat.fail(error);
      throw error;
    }
  }

  /** The attempts of one request. */
  private async attempts(turn: number, final: boolean, chat: ChatSpan | undefined): Promise<ModelReply> {
    const { run } = this;
    const { retry } = run.setup;
    let strategy = run.calling.forRequest();
    let params = requestParams(this.inputs, strategy, turn, final);
    const started = Date.now();
    for (let attempt = 1; ; attempt += 1) {
      const signal = this.requests.begin();
      const recorder = this.requestFetch;
      if (recorder) recorder.begin(signal);
      else if (signal) params.config.abortSignal = signal;
      if (run.setup.debug)
        run.debug(
          `turn ${turn} request${final ? ' (final, calling off)' : ''}: ` +
            `${debugJson({ model: params.model, contents: params.contents, config: params.config })}`,
        );
      try {
        const read = { reader: strategy.textReader(), requests: this.requests, chat };
        const reply = this.streaming
          ? await this.requests.within(streamOnce(run, params, turn, read))
          : await this.requests.within(generateOnce(run, params, turn, read));
        reply.retries = attempt - 1;
        reply.modelMs = Date.now() - started;
        return reply;
      } catch (caught) {
        if (caught instanceof StreamBroken || run.isAborted) throw caught;
        if (caught instanceof MalformedReply)
          throw new AgentApiError(caught.message, run.state(), { attempts: attempt, cause: caught });
        // The API refused tools (or a system instruction) for this model: switch, and send once more.
        if (run.calling.learn(caught, params.config.systemInstruction !== undefined)) {
          const message = caught instanceof Error ? caught.message : String(caught);
          run.debug(`turn ${turn}: ${message}; sending again with calling in the prompt`);
          strategy = run.calling.forRequest();
          params = requestParams(this.inputs, strategy, turn, final);
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
          run.debug(`turn ${turn} attempt ${attempt} failed (${status ?? 'no answer'}); retrying in ${delayMs} ms`);
          const event: EventInput = { type: 'retry', turn, attempt, delayMs, error };
          if (status !== undefined) event.status = status;
          run.emit(event);
          chat?.retry(attempt, delayMs, status, error);
          await sleep(delayMs, run.abortSignal);
          continue;
        }
        const read = failureText(error);
        const message = recorded !== undefined ? `its body could not be read (${read})` : read;
        const details: { status?: number; attempts: number; cause: unknown } = { attempts: attempt, cause: error };
        if (status !== undefined) details.status = status;
        throw new AgentApiError(
          `The model request failed${status !== undefined ? ` with status ${status}` : ''}` +
            `${attempt > 1 ? ` after ${attempt} attempts` : ''}: ${message}${run.calling.hint(error)}`,
          run.state(),
          details,
        );
      } finally {
        this.requests.end();
      }
    }
  }
}
