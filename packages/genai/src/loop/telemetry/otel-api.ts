import type { TelemetryTracer } from '../../telemetry.js';

/** An OpenTelemetry context (opaque here). */
export type OtelContext = object;

/** The parts of `@opentelemetry/api` the Agent uses. */
export interface OtelApi {
  trace: {
    getTracer(name: string, version?: string): TelemetryTracer;
    setSpan(context: OtelContext, span: unknown): OtelContext;
  };
  context: { active(): OtelContext; with<T>(context: OtelContext, fn: () => T): T };
  propagation: { inject(context: OtelContext, carrier: Record<string, string>): void };
  SpanKind: { INTERNAL: number; CLIENT: number };
  SpanStatusCode: { ERROR: number };
}

let loading: Promise<OtelApi> | undefined;

/** Loads `@opentelemetry/api` once, when a run first has telemetry on. */
export function loadOtelApi(): Promise<OtelApi> {
  // Not a literal import(): a bundler would take the optional peer into every bundle (or fail where it is missing).
  const name = '@opentelemetry/api';
  loading ??= import(name).then(
    (loaded: { default?: OtelApi } & OtelApi) => (loaded.trace ? loaded : loaded.default!),
    (error: unknown) => {
      loading = undefined;
      const why = error instanceof Error ? error.message : String(error);
      throw new TypeError(
        `Agent option telemetry needs the package @opentelemetry/api (npm i @opentelemetry/api): ${why}`,
      );
    },
  );
  return loading;
}
