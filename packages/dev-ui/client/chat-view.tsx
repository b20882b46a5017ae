import { useEffect, useRef, useState } from 'preact/hooks';
import type { RunsAnswer, RunTrace } from '../src/api-types.js';
import { getJson, pretty, streamChat, type StreamChunk } from './api.js';
import { TraceView } from './trace-view.js';

type Part =
  | { kind: 'text'; text: string }
  | { kind: 'tool'; callId: string; name: string; input: unknown; output?: unknown; error?: string };

interface Message {
  role: 'user' | 'assistant';
  parts: Part[];
  /** Text deltas received (the answer streamed in this many pieces). */
  deltas: number;
  error?: string;
  done: boolean;
}

const newChatId = () => `chat-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The chat with the Agent (its answer streamed), beside the trace of each run it made. */
export function ChatView() {
  const [chatId, setChatId] = useState(newChatId);
  const [messages, setMessages] = useState<Message[]>([]);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [runs, setRuns] = useState<RunTrace[]>([]);
  const [chosenRun, setChosenRun] = useState<string | undefined>(undefined);
  const abort = useRef<AbortController | undefined>(undefined);

  const refreshRuns = () =>
    getJson<RunsAnswer>('/api/runs').then(
      (answer) => setRuns(answer.runs),
      () => {},
    );
  useEffect(() => {
    refreshRuns();
  }, []);
  // While a run goes on, its trace grows: read it again every half second.
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(refreshRuns, 500);
    return () => clearInterval(timer);
  }, [busy]);

  const send = async (event: Event) => {
    event.preventDefault();
    const message = draft.trim();
    if (!message || busy) return;
    setDraft('');
    setBusy(true);
    setChosenRun(undefined);
    const update = (change: (answer: Message) => Message) =>
      setMessages((old) => [...old.slice(0, -1), change(old[old.length - 1]!)]);
    setMessages((old) => [
      ...old,
      { role: 'user', parts: [{ kind: 'text', text: message }], deltas: 0, done: true },
      { role: 'assistant', parts: [], deltas: 0, done: false },
    ]);
    abort.current = new AbortController();
    try {
      await streamChat(
        { chatId, message },
        (chunk) => update((answer) => applyChunk(answer, chunk)),
        abort.current.signal,
      );
    } catch (error) {
      update((answer) => ({ ...answer, error: (error as Error).message }));
    } finally {
      update((answer) => ({ ...answer, done: true }));
      setBusy(false);
      refreshRuns();
    }
  };

  const restart = () => {
    abort.current?.abort();
    setChatId(newChatId());
    setMessages([]);
  };

  const lastAssistant = messages.map((message) => message.role).lastIndexOf('assistant');
  const shown = runs.find((run) => run.runId === chosenRun) ?? runs[runs.length - 1];
  return (
    <div class="chat-view">
      <section class="chat" aria-label="Chat">
        <div class="messages">
          {messages.length === 0 && <p class="muted">Ask the agent something. Its tool calls show in the trace.</p>}
          {messages.map((message, index) => (
            <MessageView key={index} message={message} latest={index === lastAssistant} />
          ))}
        </div>
        <form class="composer" onSubmit={send}>
          <textarea
            data-testid="chat-input"
            aria-label="Message"
            rows={2}
            value={draft}
            placeholder="Ask the agent…"
            onInput={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) send(event);
            }}
          />
          <div class="form-actions">
            <button type="submit" class="primary" data-testid="chat-send" disabled={busy || draft.trim() === ''}>
              Send
            </button>
            <button type="button" onClick={restart}>
              New chat
            </button>
          </div>
        </form>
      </section>
      <section class="traces" aria-label="Runs">
        <div class="run-list">
          {runs.map((run, index) => (
            <button
              key={run.runId}
              type="button"
              class={run === shown ? 'run-item chosen' : 'run-item'}
              onClick={() => setChosenRun(run.runId)}
            >
              <span class={`dot ${run.status}`} /> #{index + 1} {run.input.slice(0, 48)}
            </button>
          ))}
        </div>
        {shown ? <TraceView run={shown} /> : <p class="muted">No runs yet in this session.</p>}
      </section>
    </div>
  );
}

function MessageView({ message, latest }: { message: Message; latest: boolean }) {
  return (
    <div
      class={`message ${message.role}`}
      data-testid={latest ? 'chat-answer' : undefined}
      data-deltas={message.role === 'assistant' ? message.deltas : undefined}
      data-done={message.role === 'assistant' ? String(message.done) : undefined}
    >
      {message.parts.map((part, index) =>
        part.kind === 'text' ? (
          <p key={index} class="text">
            {part.text}
          </p>
        ) : (
          <details key={index} class={part.error ? 'tool-call error' : 'tool-call'}>
            <summary>
              {part.name}
              <span class="muted">
                {' '}
                {part.output === undefined && !part.error ? 'running…' : part.error ? 'failed' : 'done'}
              </span>
            </summary>
            <pre>{pretty({ args: part.input, ...(part.error ? { error: part.error } : { output: part.output }) })}</pre>
          </details>
        ),
      )}
      {message.role === 'assistant' && !message.done && message.parts.length === 0 && <p class="muted">…</p>}
      {message.error && <p class="problem">{message.error}</p>}
    </div>
  );
}

/** The assistant's message with one more chunk of the UI message stream in it. */
function applyChunk(message: Message, chunk: StreamChunk): Message {
  const parts = [...message.parts];
  const last = parts[parts.length - 1];
  switch (chunk.type) {
    case 'text-start':
      parts.push({ kind: 'text', text: '' });
      break;
    case 'text-delta':
      if (last?.kind === 'text') parts[parts.length - 1] = { ...last, text: last.text + String(chunk.delta) };
      else parts.push({ kind: 'text', text: String(chunk.delta) });
      return { ...message, parts, deltas: message.deltas + 1 };
    case 'tool-input-available':
      parts.push({ kind: 'tool', callId: String(chunk.toolCallId), name: String(chunk.toolName), input: chunk.input });
      break;
    case 'tool-output-available':
    case 'tool-output-error': {
      const index = parts.findIndex((part) => part.kind === 'tool' && part.callId === chunk.toolCallId);
      const part = parts[index];
      if (part?.kind === 'tool')
        parts[index] =
          chunk.type === 'tool-output-error'
            ? { ...part, error: String(chunk.errorText) }
            : { ...part, output: chunk.output };
      break;
    }
    case 'error':
      return { ...message, error: String(chunk.errorText) };
  }
  return { ...message, parts };
}
