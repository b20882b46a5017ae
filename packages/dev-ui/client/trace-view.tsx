import type { RunTrace, TurnTrace } from '../src/api-types.js';
import { pretty } from './api.js';

/** One run on a timeline: each turn's model request, its retries, and its tool calls with arguments and results. */
export function TraceView({ run }: { run: RunTrace }) {
  const total = Math.max(run.durationMs, 1);
  const retries = run.turns.reduce((sum, turn) => sum + turn.retries.length, 0);
  const calls = run.turns.reduce((sum, turn) => sum + turn.calls.length, 0);
  return (
    <div class="trace" data-testid="trace" data-run-id={run.runId} data-status={run.status}>
      <header class="trace-head">
        <p class="trace-input">{run.input}</p>
        <p class="muted">
          <span class={`badge ${run.status === 'error' ? 'error' : run.status === 'done' ? 'ok' : ''}`}>
            {run.status === 'done' ? (run.stopReason ?? 'done') : run.status}
          </span>{' '}
          {ms(run.durationMs)} · {run.turns.length} turn{run.turns.length === 1 ? '' : 's'} · {calls} tool call
          {calls === 1 ? '' : 's'} · {run.usage.inputTokens} in / {run.usage.outputTokens} out tokens
          {run.usage.thoughtsTokens ? ` (${run.usage.thoughtsTokens} thinking)` : ''} · {run.usage.requests} request
          {run.usage.requests === 1 ? '' : 's'} · {retries} retr{retries === 1 ? 'y' : 'ies'}
        </p>
        <p class="muted mono">run {run.runId}</p>
        {run.error && <p class="problem">{run.error}</p>}
      </header>
      <ol class="timeline">
        {run.turns.map((turn) => (
          <TurnRows key={turn.turn} turn={turn} total={total} />
        ))}
      </ol>
    </div>
  );
}

function TurnRows({ turn, total }: { turn: TurnTrace; total: number }) {
  const usage = turn.usage;
  return (
    <li class="turn">
      <Row
        kind="model"
        label={`turn ${turn.turn} · model`}
        start={turn.modelStartMs}
        duration={turn.modelMs}
        total={total}
        note={[
          turn.modelMs !== undefined ? ms(turn.modelMs) : 'waiting…',
          usage ? `${usage.inputTokens ?? 0} in / ${usage.outputTokens ?? 0} out tokens` : '',
          turn.finishReason ?? '',
        ]
          .filter(Boolean)
          .join(' · ')}
        {...(turn.text ? { detail: turn.text } : {})}
      />
      {turn.retries.map((retry) => (
        <Row
          key={`retry-${retry.attempt}`}
          kind="retry"
          label={`retry ${retry.attempt}${retry.status ? ` (${retry.status})` : ''}`}
          start={retry.atMs}
          duration={retry.delayMs}
          total={total}
          note={`waited ${ms(retry.delayMs)}: ${retry.message}`}
        />
      ))}
      {turn.calls.map((call) => (
        <Row
          key={call.callId}
          kind={call.ok === false ? 'tool error' : 'tool'}
          label={call.name}
          start={call.startMs}
          duration={call.durationMs}
          total={total}
          note={[
            call.durationMs !== undefined ? ms(call.durationMs) : 'running…',
            call.outcome && call.outcome !== 'ran' ? call.outcome : '',
            call.ok === false ? 'error' : '',
            JSON.stringify(call.args) ?? '',
          ]
            .filter(Boolean)
            .join(' · ')}
          detail={pretty({ args: call.args, response: call.response })}
        />
      ))}
    </li>
  );
}

interface RowProps {
  kind: string;
  label: string;
  start: number;
  duration: number | undefined;
  total: number;
  note: string;
  detail?: string;
}

function Row({ kind, label, start, duration, total, note, detail }: RowProps) {
  const left = Math.min(100, (start / total) * 100);
  const width = Math.max(0.6, Math.min(100 - left, ((duration ?? total - start) / total) * 100));
  const head = (
    <div class="row-head">
      <span class="row-label">{label}</span>
      <span class="bar-track">
        <span class={`bar ${kind}`} style={{ left: `${left}%`, width: `${width}%` }} />
      </span>
      <span class="muted row-note" title={note}>
        {note}
      </span>
    </div>
  );
  if (!detail) return <div class={`row ${kind}`}>{head}</div>;
  return (
    <details class={`row ${kind}`}>
      <summary class="row-summary">{head}</summary>
      <pre>{detail}</pre>
    </details>
  );
}

function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}
