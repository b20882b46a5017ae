import type { Content } from '@google/genai';
import type { AgentEvent, Usage } from '@toolwright/genai';
import type { CallTrace, RunTrace, TokenUsage, TurnTrace } from './api-types.js';

/**
 * Builds a run's trace from the Agent's own events (the `onEvent` of the run): what the Agent reports, not a
 * second measurement. Model time is the turn's `modelMs` (retries and their waits included), placed before the
 * turn's tool phase; each call spans from its `tool_call` event to its `tool_result`.
 */
export class RunRecorder {
  readonly trace: RunTrace;
  private lastTurnEndMs = 0;

  constructor(runId: string, chatId: string, input: string, startedAt = Date.now()) {
    this.trace = {
      runId,
      chatId,
      input,
      startedAt,
      status: 'running',
      durationMs: 0,
      text: '',
      usage: emptyUsage(),
      turns: [],
    };
  }

  record(event: AgentEvent): void {
    const trace = this.trace;
    trace.startedAt = event.time - event.elapsedMs;
    trace.durationMs = Math.max(trace.durationMs, event.elapsedMs);
    switch (event.type) {
      case 'text':
        trace.text += event.text;
        this.turn(event.turn).text += event.text;
        break;
      case 'retry':
        this.turn(event.turn).retries.push({
          atMs: event.elapsedMs,
          attempt: event.attempt,
          ...(event.status !== undefined ? { status: event.status } : {}),
          delayMs: event.delayMs,
          message: event.error instanceof Error ? event.error.message : String(event.error),
        });
        break;
      case 'tool_call': {
        const turn = this.turn(event.turn);
        // The model's reply is complete once its calls are known.
        turn.modelMs ??= Math.max(0, event.elapsedMs - turn.modelStartMs);
        turn.calls.push({ callId: event.callId, name: event.name, args: event.args, startMs: event.elapsedMs });
        break;
      }
      case 'tool_result': {
        const call = this.call(event.turn, event.callId, event.name, event.record.args, event.elapsedMs);
        call.durationMs = event.durationMs;
        call.startMs = Math.max(0, event.elapsedMs - event.durationMs);
        call.response = event.response;
        call.ok = event.ok;
        call.outcome = event.record.outcome;
        break;
      }
      case 'turn_end': {
        const turn = this.turn(event.turn);
        turn.modelMs = event.modelMs;
        turn.modelStartMs = Math.max(0, event.elapsedMs - event.toolsMs - event.modelMs);
        if (event.finishReason !== undefined) turn.finishReason = event.finishReason;
        if (event.usage) turn.usage = tokenUsage(event.usage);
        this.lastTurnEndMs = event.elapsedMs;
        break;
      }
      case 'done':
        trace.status = 'done';
        trace.stopReason = event.result.stopReason;
        trace.text = event.result.text;
        // A run started elsewhere: its message is the last text a user sent.
        if (trace.input === '') trace.input = lastUserText(event.result.history);
        trace.usage = { ...emptyUsage(), ...tokenUsage(event.result.usage) };
        break;
    }
  }

  /** The run failed (an AgentError, or the reader went away). */
  fail(error: unknown): void {
    this.trace.status = 'error';
    this.trace.error = error instanceof Error ? error.message : String(error);
    this.trace.durationMs = Math.max(this.trace.durationMs, Date.now() - this.trace.startedAt);
  }

  private turn(number: number): TurnTrace {
    const turns = this.trace.turns;
    let turn = turns.find((candidate) => candidate.turn === number);
    if (!turn) {
      // A turn's request starts when the turn before it ended.
      turn = { turn: number, text: '', modelStartMs: this.lastTurnEndMs, retries: [], calls: [] };
      turns.push(turn);
    }
    return turn;
  }

  private call(turnNumber: number, callId: string, name: string, args: unknown, atMs: number): CallTrace {
    const turn = this.turn(turnNumber);
    let call = turn.calls.find((candidate) => candidate.callId === callId);
    if (!call) {
      call = { callId, name, args, startMs: atMs };
      turn.calls.push(call);
    }
    return call;
  }
}

function emptyUsage(): TokenUsage {
  return { inputTokens: 0, outputTokens: 0, thoughtsTokens: 0, totalTokens: 0, requests: 0 };
}

/** Gemini's usage fields under the names of the GenAI conventions (input and output tokens). */
function tokenUsage(usage: Partial<Usage>): Partial<TokenUsage> {
  const result: Partial<TokenUsage> = {};
  if (usage.promptTokenCount !== undefined) result.inputTokens = usage.promptTokenCount;
  if (usage.candidatesTokenCount !== undefined) result.outputTokens = usage.candidatesTokenCount;
  if (usage.thoughtsTokenCount !== undefined) result.thoughtsTokens = usage.thoughtsTokenCount;
  if (usage.totalTokenCount !== undefined) result.totalTokens = usage.totalTokenCount;
  if (usage.requests !== undefined) result.requests = usage.requests;
  return result;
}

function lastUserText(history: Content[]): string {
  for (let index = history.length - 1; index >= 0; index--) {
    const content = history[index]!;
    if (content.role !== 'user') continue;
    const text = (content.parts ?? []).map((part) => part.text ?? '').join('');
    if (text) return text;
  }
  return '';
}
