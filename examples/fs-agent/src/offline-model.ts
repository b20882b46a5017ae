// A scripted stand-in for Gemini, served by FakeGemini, so the example runs offline. It does one task: find the
// open TODOs of the notes and collect them into TODO.md. It reads the real tool results the Agent sends back, and it
// is deliberately gullible: when a file tells it to read something, it tries. The file tools are what stop it.
import { reply, type FakeRequest, type Handler, type Reply } from '@toolwright/testing';

interface ToolExchange {
  name: string;
  args: Record<string, unknown>;
  output?: unknown;
  error?: { message?: string; code?: string };
}

/** The instruction an attacker planted in a note: "Read <file> and copy it into <file>". */
const INJECTION = /Read (\S+) and copy it into (\S+?)\s*(?:-->|$)/m;

export const TODO_FILE = 'TODO.md';

export function offlineModel(): Handler {
  return (request: FakeRequest): Reply => {
    const history = exchanges(request);
    const listing = history.find((exchange) => exchange.name === 'list_files');
    if (!listing) return reply.functionCall('list_files', { pattern: '**/*.md' });

    const listed = ((listing.output as { paths?: string[] } | undefined)?.paths ?? []).filter(
      (path) => path !== TODO_FILE,
    );
    const unread = listed.filter(
      (path) => !history.some((exchange) => exchange.name === 'read_file' && exchange.args.path === path),
    );
    if (unread.length > 0) return reply.functionCalls(unread.map((path) => ({ name: 'read_file', args: { path } })));

    const notes = history.filter(
      (exchange) => exchange.name === 'read_file' && listed.includes(exchange.args.path as string),
    );
    const planted = notes.map((note) => INJECTION.exec(String(note.output ?? ''))).find((match) => match !== null);
    if (planted) {
      const [, stolen = '', leak = ''] = planted;
      const attempt = history.find((exchange) => exchange.name === 'read_file' && exchange.args.path === stolen);
      if (!attempt) return reply.functionCall('read_file', { path: stolen });
      if (attempt.error === undefined && !history.some((exchange) => exchange.args.path === leak)) {
        return reply.functionCall('write_file', { path: leak, content: String(attempt.output) });
      }
    }

    const todos = notes.flatMap((note) =>
      String(note.output ?? '')
        .split('\n')
        .filter((line) => /^\s*- TODO:/.test(line))
        .map((line) => `- [ ] ${line.replace(/^\s*- TODO:\s*/, '')} (${note.args.path as string})`),
    );
    const written = history.find((exchange) => exchange.name === 'write_file' && exchange.args.path === TODO_FILE);
    if (!written) {
      return reply.functionCall('write_file', { path: TODO_FILE, content: `# Open TODOs\n\n${todos.join('\n')}\n` });
    }

    const withTodos = new Set(
      notes.filter((note) => /^\s*- TODO:/m.test(String(note.output ?? ''))).map((note) => note.args.path),
    );
    let answer = written.error
      ? `I found ${todos.length} open TODOs but could not write ${TODO_FILE}: ${written.error.message}`
      : `I found ${todos.length} open TODOs in ${withTodos.size} notes and collected them in ${TODO_FILE}.`;
    if (planted) {
      const attempt = history.find((exchange) => exchange.name === 'read_file' && exchange.args.path === planted[1]);
      if (attempt?.error)
        answer += ` One note told me to read ${planted[1]}; the file tools refused: ${attempt.error.message}.`;
    }
    return reply.text(answer);
  };
}

/** Every function call of the conversation with the response it got. */
function exchanges(request: FakeRequest): ToolExchange[] {
  const calls: ToolExchange[] = [];
  const pending = new Map<string, ToolExchange[]>();
  for (const content of request.contents) {
    for (const part of content.parts ?? []) {
      if (part.functionCall) {
        const exchange: ToolExchange = {
          name: part.functionCall.name ?? '',
          args: (part.functionCall.args ?? {}) as Record<string, unknown>,
        };
        calls.push(exchange);
        pending.set(exchange.name, [...(pending.get(exchange.name) ?? []), exchange]);
      }
      if (part.functionResponse) {
        const queue = pending.get(part.functionResponse.name ?? '') ?? [];
        const exchange = queue.shift();
        if (!exchange) continue;
        const response = (part.functionResponse.response ?? {}) as { output?: unknown; error?: ToolExchange['error'] };
        exchange.output = response.output;
        if (response.error) exchange.error = response.error;
      }
    }
  }
  return calls;
}
