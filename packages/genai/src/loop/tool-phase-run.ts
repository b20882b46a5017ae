import type { AgentHooks } from '../options.js';
import type { EventInput } from './event-input.js';
import type { RunTelemetry } from './telemetry/run-telemetry.js';
import type { AgentSetup, RenderedTools } from './setup.js';
import type { StepRunner } from '../steps.js';

/** What the tool phase needs of its run. */
export interface ToolPhaseRun {
  readonly runId: string;
  readonly setup: AgentSetup;
  readonly tools: RenderedTools;
  /** The signal the hooks see. */
  readonly signal: AbortSignal;
  /** The signal handed to tools; absent when nothing can abort the run. */
  readonly abortSignal: AbortSignal | undefined;
  /** Resolves when the run is aborted (one promise per run, so calls add no listeners of their own). */
  readonly aborted: Promise<void> | undefined;
  /** Error responses in a row per tool name, over the whole run. */
  readonly errorStreaks: Map<string, number>;
  /** The run's step runner; absent: tools run inline. */
  readonly step: StepRunner | undefined;
  /** The run's own `beforeToolCall`, asked after the Agent's. */
  readonly beforeToolCall: AgentHooks['beforeToolCall'];
  /** The run's spans, when telemetry is on. */
  readonly telemetry: RunTelemetry | undefined;
  emit(event: EventInput): void;
  debug(line: string): void;
}
