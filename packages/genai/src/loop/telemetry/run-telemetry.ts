import type { Content, GenerateContentResponse, GenerateContentResponseUsageMetadata } from '@google/genai';
import type { AgentToolCall } from '../../options.js';
import type { AgentResult, ToolCallRecord } from '../../result.js';
import type { TelemetryAttributeValue, TelemetrySpan, TelemetryTracer } from '../../telemetry.js';
import { inputMessages, outputMessages, systemInstructions } from './gen-ai-messages.js';
import type { OtelApi, OtelContext } from './otel-api.js';
import type { TelemetrySettings } from './telemetry-settings.js';

type Attributes = Record<string, TelemetryAttributeValue>;

/** What the spans say about the Agent. */
export interface TelemetryAgent {
  model: string;
  /** The GoogleGenAI client (`vertexai` tells the provider). */
  client: unknown;
  systemInstruction: Parameters<typeof systemInstructions>[0] | undefined;
}

/**
 * The spans of one run, after the OpenTelemetry GenAI semantic conventions. Each span is started with its parent
 * given explicitly (the run's span, or the caller's context when the run started), so parents are right under
 * streaming, parallel calls and step runners, whatever context manager is in use.
 */
export class RunTelemetry {
  private readonly tracer: TelemetryTracer;
  private readonly common: Attributes;
  /** The run's `invoke_agent` span; none for one step done apart from its run (`agent.runStep`). */
  private readonly span: TelemetrySpan | undefined;
  /** The parent of the spans made within: the run's span, or the caller's context for a step done apart. */
  private readonly context: OtelContext;

  private constructor(
    private readonly api: OtelApi,
    private readonly settings: TelemetrySettings,
    private readonly agent: TelemetryAgent,
    run: { id: string; input: readonly Content[] } | undefined,
  ) {
    this.tracer = settings.tracer ?? api.trace.getTracer('@toolwright/genai');
    const vertex = (agent.client as { vertexai?: unknown } | null)?.vertexai === true;
    this.common = {
      'gen_ai.provider.name': vertex ? 'gcp.vertex_ai' : 'gcp.gemini',
      'gen_ai.request.model': agent.model,
    };
    const parent = api.context.active();
    if (!run) {
      this.span = undefined;
      this.context = parent;
      return;
    }
    const attributes: Attributes = {
      ...this.common,
      'gen_ai.operation.name': 'invoke_agent',
      'toolwright.run.id': run.id,
    };
    if (settings.agentName !== undefined) attributes['gen_ai.agent.name'] = settings.agentName;
    if (settings.recordInputs) attributes['gen_ai.input.messages'] = inputMessages(run.input);
    const name = settings.agentName === undefined ? 'invoke_agent' : `invoke_agent ${settings.agentName}`;
    this.span = this.tracer.startSpan(name, { kind: api.SpanKind.INTERNAL, attributes }, parent);
    this.context = api.trace.setSpan(parent, this.span);
  }

  /** The spans of a run: its `invoke_agent` span, in the caller's context, is the parent of the rest. */
  static forRun(
    api: OtelApi,
    settings: TelemetrySettings,
    agent: TelemetryAgent,
    runId: string,
    input: readonly Content[],
  ): RunTelemetry {
    return new RunTelemetry(api, settings, agent, { id: runId, input });
  }

  /**
   * The spans of one step done apart from its run (`agent.runStep` in an engine's worker): its `chat` or
   * `execute_tool` span is a child of the caller's context (the worker's activity span, say).
   */
  static forStep(api: OtelApi, settings: TelemetrySettings, agent: TelemetryAgent): RunTelemetry {
    return new RunTelemetry(api, settings, agent, undefined);
  }

  /** The run ended with a result. */
  finish(result: AgentResult): void {
    const { span } = this;
    if (!span) return;
    span.setAttribute('gen_ai.usage.input_tokens', result.usage.promptTokenCount);
    span.setAttribute('gen_ai.usage.output_tokens', outputTokens(result.usage));
    span.setAttribute('toolwright.stop_reason', result.stopReason);
    span.setAttribute('toolwright.turns', result.steps.length);
    if (this.settings.recordOutputs)
      span.setAttribute(
        'gen_ai.output.messages',
        outputMessages({ role: 'model', parts: [{ text: result.text }] }, result.finishReason),
      );
    span.end();
  }

  /** The run failed. */
  fail(error: unknown): void {
    if (!this.span) return;
    failSpan(this.api, this.span, error);
    this.span.end();
  }

  /** A span for one model request (its retries are events on it). */
  chat(turn: number, contents: readonly Content[]): ChatSpan {
    const attributes: Attributes = { ...this.common, 'gen_ai.operation.name': 'chat', 'toolwright.turn': turn };
    if (this.settings.recordInputs) {
      attributes['gen_ai.input.messages'] = inputMessages(contents);
      if (this.agent.systemInstruction !== undefined)
        attributes['gen_ai.system_instructions'] = systemInstructions(this.agent.systemInstruction);
    }
    const span = this.tracer.startSpan(
      `chat ${this.agent.model}`,
      { kind: this.api.SpanKind.CLIENT, attributes },
      this.context,
    );
    return new ChatSpan(this.api, span, this.api.trace.setSpan(this.context, span), this.settings.recordOutputs);
  }

  /**
   * The span of a model request that a step runner answered from its journal (the model was not asked again in
   * this process): marked `toolwright.replayed`, with the journaled reply's finish reason and output, and no token
   * counts (those were spent, and counted, when the step first ran).
   */
  replayedChat(
    turn: number,
    contents: readonly Content[],
    reply: { content: Content | undefined; finishReason: string | undefined },
  ): void {
    const chat = this.chat(turn, contents);
    chat.replayed();
    chat.end({ ...reply, usage: undefined, retries: 0 });
  }

  /** A span for one tool call, from its checks to its answer. */
  tool(info: Pick<AgentToolCall, 'name' | 'id' | 'callId' | 'args' | 'turn'>): ToolSpan {
    const attributes: Attributes = {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': info.name,
      'gen_ai.tool.call.id': info.id ?? info.callId,
      'gen_ai.tool.type': 'function',
      'toolwright.turn': info.turn,
    };
    if (this.settings.recordInputs) attributes['gen_ai.tool.call.arguments'] = json(info.args);
    const span = this.tracer.startSpan(
      `execute_tool ${info.name}`,
      { kind: this.api.SpanKind.INTERNAL, attributes },
      this.context,
    );
    return new ToolSpan(this.api, span, this.api.trace.setSpan(this.context, span), this.settings.recordOutputs);
  }
}

/** A span of the run's, with the context that makes it the parent of what runs within it. */
abstract class ActiveSpan {
  constructor(
    protected readonly api: OtelApi,
    protected readonly span: TelemetrySpan,
    protected readonly context: OtelContext,
    protected readonly recordOutputs: boolean,
  ) {}

  /** Runs `fn` with this span active: spans made inside (HTTP instrumentation, a tool's own) nest under it. */
  within<T>(fn: () => T): T {
    return this.api.context.with(this.context, fn);
  }

  /** The step was answered from a durable engine's journal: what it did ran in an earlier process. */
  replayed(): void {
    this.span.setAttribute('toolwright.replayed', true);
  }
}

/** One model request's span. */
export class ChatSpan extends ActiveSpan {
  /** A raw reply (or stream chunk) came. */
  response(response: GenerateContentResponse): void {
    if (response.modelVersion) this.span.setAttribute('gen_ai.response.model', response.modelVersion);
    if (response.responseId) this.span.setAttribute('gen_ai.response.id', response.responseId);
  }

  /** An attempt failed and is retried. */
  retry(attempt: number, delayMs: number, status: number | undefined, error: unknown): void {
    const attributes: Attributes = {
      'toolwright.retry.attempt': attempt,
      'toolwright.retry.delay_ms': delayMs,
      'error.type': errorType(error, status),
    };
    if (status !== undefined) attributes['http.response.status_code'] = status;
    this.span.addEvent('gen_ai.request.retry', attributes);
  }

  end(reply: {
    content: Content | undefined;
    finishReason: string | undefined;
    usage: GenerateContentResponseUsageMetadata | undefined;
    retries: number;
  }): void {
    const { span } = this;
    const usage = reply.usage;
    if (usage?.promptTokenCount !== undefined) span.setAttribute('gen_ai.usage.input_tokens', usage.promptTokenCount);
    if (usage?.candidatesTokenCount !== undefined || usage?.thoughtsTokenCount !== undefined)
      span.setAttribute('gen_ai.usage.output_tokens', outputTokens(usage));
    if (reply.finishReason !== undefined) span.setAttribute('gen_ai.response.finish_reasons', [reply.finishReason]);
    if (reply.retries) span.setAttribute('toolwright.retries', reply.retries);
    if (this.recordOutputs)
      span.setAttribute('gen_ai.output.messages', outputMessages(reply.content, reply.finishReason));
    span.end();
  }

  fail(error: unknown): void {
    failSpan(this.api, this.span, error);
    this.span.end();
  }
}

/** One tool call's span. */
export class ToolSpan extends ActiveSpan {
  private ended = false;

  /** The W3C trace context of this span (traceparent, tracestate), for a remote tool to continue the trace. */
  traceContext(): Record<string, string> {
    const carrier: Record<string, string> = {};
    this.api.propagation.inject(this.context, carrier);
    // No propagator registered (only a tracer was set up): the W3C field, written from the span itself.
    if (carrier.traceparent === undefined) {
      const { traceId, spanId, traceFlags } = this.span.spanContext();
      carrier.traceparent = `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, '0')}`;
    }
    return carrier;
  }

  end(record: Pick<ToolCallRecord, 'outcome' | 'ok' | 'response'>): void {
    if (this.ended) return;
    this.ended = true;
    const { span } = this;
    span.setAttribute('toolwright.tool.outcome', record.outcome);
    if (this.recordOutputs) span.setAttribute('gen_ai.tool.call.result', json(record.response));
    if (!record.ok) {
      const error = (record.response as { error?: { name?: unknown; message?: unknown } }).error;
      const name = typeof error?.name === 'string' ? error.name : 'ToolError';
      span.setAttribute('error.type', name);
      span.setStatus({
        code: this.api.SpanStatusCode.ERROR,
        message: typeof error?.message === 'string' ? error.message : name,
      });
    }
    span.end();
  }

  /** The call never answered (a hook failed, the run ended). */
  abandon(error: unknown): void {
    if (this.ended) return;
    this.ended = true;
    failSpan(this.api, this.span, error);
    this.span.end();
  }
}

function outputTokens(usage: { candidatesTokenCount?: number; thoughtsTokenCount?: number }): number {
  return (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0);
}

function errorType(error: unknown, status?: number): string {
  if (status !== undefined) return String(status);
  return error instanceof Error ? error.name : typeof error;
}

function failSpan(api: OtelApi, span: TelemetrySpan, failure: unknown): void {
  // The loop's own wrappers (a stream that broke) carry the error as their cause.
  const cause = (failure as { cause?: unknown } | null)?.cause;
  const error = failure instanceof Error || !(cause instanceof Error) ? failure : cause;
  const status = (error as { status?: unknown } | null)?.status;
  span.setAttribute('error.type', errorType(error, typeof status === 'number' ? status : undefined));
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** JSON for an attribute: never throws (bigints as text, a cycle as a note). */
function json(value: unknown): string {
  try {
    return (
      JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner)) ?? 'null'
    );
  } catch {
    return '"(not serializable)"';
  }
}
