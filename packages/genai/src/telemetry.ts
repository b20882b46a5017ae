/**
 * Telemetry options. The Agent speaks to OpenTelemetry through `@opentelemetry/api` only (an optional peer
 * dependency, loaded when telemetry is first on): your SDK setup decides where spans go. These types are the parts
 * of the API the Agent uses, so that a Tracer of `@opentelemetry/api` can be passed without this package naming it.
 */

/** An attribute value, as OpenTelemetry takes it. */
export type TelemetryAttributeValue = string | number | boolean | string[] | number[] | boolean[];

/** The parts of an OpenTelemetry `Span` the Agent uses. */
export interface TelemetrySpan {
  setAttribute(key: string, value: TelemetryAttributeValue): unknown;
  addEvent(name: string, attributes?: Record<string, TelemetryAttributeValue>): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  recordException(exception: Error | string): unknown;
  end(): void;
  spanContext(): { traceId: string; spanId: string; traceFlags: number };
}

/** The parts of an OpenTelemetry `Tracer` the Agent uses (a Tracer of `@opentelemetry/api` is one). */
export interface TelemetryTracer {
  startSpan(
    name: string,
    options?: { kind?: number; attributes?: Record<string, TelemetryAttributeValue> },
    context?: unknown,
  ): TelemetrySpan;
}

/**
 * OpenTelemetry spans of a run, after the GenAI semantic conventions: `invoke_agent` for the run, `chat` for each
 * model request, `execute_tool` for each call. `true` takes the global tracer with the defaults below.
 */
export interface TelemetryOptions {
  /** Default true: the options' presence turns telemetry on; `false` turns it off (a run's option over the Agent's). */
  enabled?: boolean;
  /** The tracer to use. Default: `trace.getTracer('@toolwright/genai')` of the global tracer provider. */
  tracer?: TelemetryTracer;
  /** Record the messages sent, the system instruction and the tools' arguments. Default false. */
  recordInputs?: boolean;
  /** Record the model's answers and the tools' results. Default false. */
  recordOutputs?: boolean;
  /** The agent's name, as `gen_ai.agent.name` and in the `invoke_agent` span's name. */
  agentName?: string;
}

export type TelemetryOption = boolean | TelemetryOptions;
