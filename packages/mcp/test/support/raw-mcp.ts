// A hostile client's view of a served endpoint: JSON-RPC posted by hand, answers read whole (JSON or SSE).

export interface RawAnswer {
  status: number;
  sessionId: string | null;
  /** The JSON-RPC messages of the answer (from a JSON body or the `data:` lines of an SSE stream). */
  messages: Array<{ id?: unknown; result?: unknown; error?: { code: number; message: string } }>;
  text: string;
}

export const initializeRequest = (id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** POSTs a JSON-RPC message (or a batch) with the headers the Streamable HTTP spec asks for. */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return read(response);
}

export async function send(url: string, method: 'GET' | 'DELETE', headers: Record<string, string>) {
  return read(await fetch(url, { method, headers: { accept: 'text/event-stream', ...headers } }));
}

/** Opens a session by hand: initialize, then the initialized notification. Returns the session id. */
export async function openSession(url: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await post(url, initializeRequest(), headers);
  if (answer.status !== 200 || !answer.sessionId)
    throw new Error(`initialize answered ${answer.status}: ${answer.text}`);
  const session = { ...headers, 'mcp-session-id': answer.sessionId };
  await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
  return answer.sessionId;
}

async function read(response: Response): Promise<RawAnswer> {
  const text = await response.text();
  const messages: RawAnswer['messages'] = [];
  if (response.headers.get('content-type')?.includes('text/event-stream')) {
    for (const line of text.split('\n')) if (line.startsWith('data: ')) messages.push(JSON.parse(line.slice(6)));
  } else if (text) {
    try {
      const parsed = JSON.parse(text);
      messages.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    } catch {
      // not JSON: the caller reads `text`
    }
  }
  return { status: response.status, sessionId: response.headers.get('mcp-session-id'), messages, text };
}
