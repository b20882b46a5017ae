import type { Content } from '@google/genai';
import type { Agent, AgentStream } from '@toolwright/genai';
import type { RunTrace } from './api-types.js';
import { RunRecorder } from './run-recorder.js';

/** A chat id the page makes: letters, digits, `-` and `_`, at most 64. */
export const CHAT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A message sent to a chat whose previous answer is still streaming. */
export class ChatBusyError extends Error {}

interface ChatState {
  /** The whole conversation so far, as the Agent's results give it (thought signatures and tool turns included). */
  history: Content[];
  busy: boolean;
}

/**
 * The page's conversations with the Agent and the trace of every run they made. Each chat keeps its whole history
 * on the server, so a follow-up question is answered in context; a failed run leaves it as it was. Both are
 * bounded: the least recently used chat and the oldest finished run make room.
 */
export class ChatRuns {
  private readonly chats = new Map<string, ChatState>();
  private readonly recorders: RunRecorder[] = [];

  constructor(
    private readonly agent: Agent,
    private readonly limits: { maxChats: number; maxRuns: number },
  ) {}

  /**
   * Streams one message of a chat; the run is recorded as it goes. The stream is the Agent's own (not a Chat's),
   * so a reader that leaves aborts the run at once, even while the model has not answered yet.
   */
  send(chatId: string, message: string): AgentStream {
    const chat = this.chats.get(chatId) ?? { history: [], busy: false };
    if (chat.busy) throw new ChatBusyError(`Chat "${chatId}" is still answering the previous message`);
    // Most recently used last: the first entry is the one to drop.
    this.chats.delete(chatId);
    this.chats.set(chatId, chat);
    if (this.chats.size > this.limits.maxChats) this.chats.delete(this.chats.keys().next().value!);

    let recorder: RunRecorder | undefined;
    const input: Content = { role: 'user', parts: [{ text: message }] };
    const stream = this.agent.stream([...chat.history, input], { onEvent: (event) => recorder?.record(event) });
    recorder = new RunRecorder(stream.runId, chatId, message);
    this.keep(recorder);
    chat.busy = true;
    stream.result.then(
      (result) => {
        chat.history = result.history;
        chat.busy = false;
      },
      (error: unknown) => {
        recorder.fail(error);
        chat.busy = false;
      },
    );
    return stream;
  }

  runs(): RunTrace[] {
    return this.recorders.map((recorder) => recorder.trace);
  }

  private keep(recorder: RunRecorder): void {
    this.recorders.push(recorder);
    while (this.recorders.length > this.limits.maxRuns) {
      const finished = this.recorders.findIndex((candidate) => candidate.trace.status !== 'running');
      this.recorders.splice(finished === -1 ? 0 : finished, 1);
    }
  }
}
