import type { AgentEvent } from '@toolwright/genai';
import type { RunTrace } from './api-types.js';
import { RunRecorder } from './run-recorder.js';

/**
 * The runs of the session, by run id, oldest first: those the chat starts and, when the UI made the Agent
 * (`createAgent`), every other run of that Agent too. Bounded: the oldest finished run makes room.
 */
export class RunLog {
  private readonly recorders = new Map<string, RunRecorder>();

  constructor(private readonly maxRuns: number) {}

  /** A run the chat starts: its chat and its message (events may already have come in). */
  start(runId: string, chatId: string, input: string): RunRecorder {
    const recorder = this.recorderOf(runId);
    recorder.trace.chatId = chatId;
    recorder.trace.input = input;
    return recorder;
  }

  /** One event of any run: a run not seen before is a run started elsewhere. */
  record(event: AgentEvent): void {
    this.recorderOf(event.runId).record(event);
  }

  runs(): RunTrace[] {
    return Array.from(this.recorders.values(), (recorder) => recorder.trace);
  }

  private recorderOf(runId: string): RunRecorder {
    let recorder = this.recorders.get(runId);
    if (!recorder) {
      recorder = new RunRecorder(runId, '', '');
      this.recorders.set(runId, recorder);
      this.trim();
    }
    return recorder;
  }

  private trim(): void {
    while (this.recorders.size > this.maxRuns) {
      const all = [...this.recorders.values()];
      const oldest = all.find((candidate) => candidate.trace.status !== 'running') ?? all[0]!;
      this.recorders.delete(oldest.trace.runId);
    }
  }
}
