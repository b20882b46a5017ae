// A stdio MCP server written by hand, to attack its client's line reader: answers of many megabytes on one line, a
// line that never ends, lines written one byte at a time, a request to the client past its bound, and a process that
// dies in the middle of a line. It writes JSON-RPC as the TypeScript SDK does (`id` last), or with `--id-first` as
// the Python SDK does. With `COUNT_FILE` set, the endless line writes how many bytes it has sent there.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const MIB = 1024 * 1024;
const idFirst = process.argv.includes('--id-first');
const tools = ['small', 'huge', 'slow', 'trickle', 'endless', 'notify_huge', 'ask_huge', 'die', 'die_huge'];

type Id = string | number;
interface Incoming {
  id?: Id;
  method?: string;
  params?: { name?: string; arguments?: { bytes?: number } };
  result?: unknown;
  error?: unknown;
}

/** One JSON-RPC line, in the key order of the SDK this server stands for. */
function line(body: Record<string, unknown>, id?: Id): string {
  const message = idFirst
    ? { jsonrpc: '2.0', ...(id !== undefined ? { id } : {}), ...body }
    : { ...body, jsonrpc: '2.0', ...(id !== undefined ? { id } : {}) };
  return `${JSON.stringify(message)}\n`;
}

const answer = (id: Id, text: string) => line({ result: { content: [{ type: 'text', text }] } }, id);

/** Writes and waits until the pipe takes more, so a reader that stops reading stops this writer too. */
function write(text: string): Promise<void> {
  return new Promise((resolve) => (process.stdout.write(text) ? resolve() : process.stdout.once('drain', resolve)));
}

/** One message at a time: a message written in many writes is not cut into by another. */
let writing = Promise.resolve();
function exclusive(task: () => Promise<void>): Promise<void> {
  const done = writing.then(task);
  writing = done.catch(() => {});
  return done;
}

let hugeWritten!: () => void;
const hugeDone = new Promise<void>((resolve) => (hugeWritten = resolve));
/** The client's answers to the requests this server sent it, by id. */
const answers = new Map<Id, (message: Incoming) => void>();

async function call(id: Id, name: string, bytes: number): Promise<void> {
  switch (name) {
    case 'small':
      return exclusive(() => write(answer(id, 'done')));
    case 'huge':
      await write(answer(id, 'x'.repeat(bytes || 3 * MIB)));
      return hugeWritten();
    case 'slow':
      // Answers after `huge` has been written: two requests are pending when the huge line arrives.
      await hugeDone;
      return write(answer(id, 'slow done'));
    case 'trickle':
      return exclusive(async () => {
        for (const byte of answer(id, 't'.repeat(bytes))) {
          await write(byte);
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
    case 'endless':
      return exclusive(async () => {
        const opened = answer(id, 'MARK');
        await write(opened.slice(0, opened.indexOf('MARK')));
        const chunk = 'x'.repeat(64 * 1024);
        for (let sent = 0; ; sent += chunk.length) {
          await write(chunk);
          if (process.env.COUNT_FILE && sent % (8 * MIB) === 0) writeFileSync(process.env.COUNT_FILE, String(sent));
        }
      });
    case 'notify_huge':
      await write(line({ method: 'notifications/message', params: { level: 'info', data: 'n'.repeat(3 * MIB) } }));
      return write(answer(id, 'after the notification'));
    case 'ask_huge': {
      const asked = 'ask-1';
      const reply = new Promise<Incoming>((resolve) => answers.set(asked, resolve));
      await write(line({ method: 'ping', params: { _meta: { pad: 'p'.repeat(3 * MIB) } } }, asked));
      return write(answer(id, JSON.stringify(await reply)));
    }
    case 'die':
      await write(answer(id, 'half of it').slice(0, 30));
      return process.exit(3);
    case 'die_huge':
      await write(answer(id, 'x'.repeat(bytes || 2 * MIB)).slice(0, -10));
      return process.exit(3);
    default:
      return write(line({ error: { code: -32602, message: `no tool ${name}` } }, id));
  }
}

for await (const text of createInterface({ input: process.stdin })) {
  const message = JSON.parse(text) as Incoming;
  if (message.method === undefined) {
    if (message.id !== undefined) answers.get(message.id)?.(message);
    continue;
  }
  if (message.id === undefined) continue; // notifications
  if (message.method === 'initialize') {
    const result = {
      protocolVersion: (message.params as { protocolVersion?: string }).protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name: 'long-lines', version: '1.0.0' },
    };
    await write(line({ result }, message.id));
  } else if (message.method === 'tools/list') {
    const list = tools.map((name) => ({ name, inputSchema: { type: 'object' } }));
    await write(line({ result: { tools: list } }, message.id));
  } else if (message.method === 'tools/call') {
    void call(message.id, message.params?.name ?? '', message.params?.arguments?.bytes ?? 0);
  } else {
    await write(line({ error: { code: -32601, message: 'method not found' } }, message.id));
  }
}
