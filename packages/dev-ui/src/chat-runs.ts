import type { Content } from '@google/genai';
import type { Agent, AgentStream } from '@toolwright/genai';
import type { RunLog } from './run-log.js';

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
 * The page's conversations with the Agent, each run recorded in the session's log. Each chat keeps its whole
 * history on the server, so a follow-up question is answered in context; a failed run leaves it as it was. At most
 * `maxChats` are kept: the least recently used makes room.
 */
export class ChatRuns {
  private readonly chats = new Map<string, ChatState>();

  /**
   * `agentRecords`: the Agent's own `onEvent` already feeds the log (the UI made it with `createAgent`), so runs
   * do not pass their events a second time.
   */
  constructor(
    private readonly agent: Agent,
    private readonly log: RunLog,
    private readonly limits: { maxChats: number; agentRecords: boolean },
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

    const input: Content = { role: 'user', parts: [{ text: message }] };
    const log = this.log;
    const stream = this.agent.stream(
      [...chat.history, input],
      this.limits.agentRecords ? {} : { onEvent: (event) => log.record(event) },
    );
    const recorder = log.start(stream.runId, chatId, message);
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
}
