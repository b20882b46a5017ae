import type { TelemetryOption, TelemetryTracer } from '../../telemetry.js';

/** Telemetry as a run uses it; undefined: off. */
export interface TelemetrySettings {
  tracer: TelemetryTracer | undefined;
  recordInputs: boolean;
  recordOutputs: boolean;
  agentName: string | undefined;
}

/** The Agent's option, with a run's over it (field by field; a run's `false` turns it off). */
export function telemetrySettings(
  agent: TelemetryOption | undefined,
  run: TelemetryOption | undefined,
): TelemetrySettings | undefined {
  const base = typeof agent === 'object' && agent !== null ? agent : agent ? {} : undefined;
  const over = typeof run === 'object' && run !== null ? run : run ? {} : undefined;
  if (run === false || (!base && !over)) return undefined;
  const merged = { ...base, ...over };
  if (merged.enabled === false) return undefined;
  if (merged.tracer !== undefined && typeof merged.tracer?.startSpan !== 'function')
    throw new TypeError('telemetry.tracer must be an OpenTelemetry Tracer (with startSpan)');
  return {
    tracer: merged.tracer,
    recordInputs: merged.recordInputs === true,
    recordOutputs: merged.recordOutputs === true,
    agentName: merged.agentName,
  };
}
