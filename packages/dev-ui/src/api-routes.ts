import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeUIMessageStreamToResponse } from '@toolwright/genai';
import type { RunsAnswer, ToolsAnswer } from './api-types.js';
import { CHAT_ID, ChatBusyError, type ChatRuns } from './chat-runs.js';
import { clientScript, clientStyles } from './client-bundle.generated.js';
import { sendError, sendJson } from './http-answers.js';
import { BodyError, readJsonObject } from './json-body.js';
import { CONTENT_SECURITY_POLICY, pageHtml } from './page.js';
import type { RunLog } from './run-log.js';
import type { ToolCatalog } from './tool-catalog.js';

export interface RouteContext {
  title: string;
  catalog: ToolCatalog;
  chatRuns: ChatRuns | undefined;
  runLog: RunLog;
  maxBodyBytes: number;
}

const CALL_PATH = /^\/api\/tools\/([^/]+)\/call$/;

/** The page, its assets and the API, by method and path. */
export class ApiRoutes {
  constructor(private readonly context: RouteContext) {}

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const method = request.method ?? 'GET';
    if (method === 'GET' && path === '/') return this.asset(response, 'text/html', pageHtml(this.context.title));
    if (method === 'GET' && path === '/assets/app.js') return this.asset(response, 'text/javascript', clientScript);
    if (method === 'GET' && path === '/assets/app.css') return this.asset(response, 'text/css', clientStyles);
    if (method === 'GET' && path === '/api/tools') return sendJson(response, 200, this.tools());
    if (method === 'GET' && path === '/api/runs') {
      const answer: RunsAnswer = { runs: this.context.runLog.runs() };
      return sendJson(response, 200, answer);
    }
    const call = CALL_PATH.exec(path);
    if (method === 'POST' && call) return this.callTool(request, response, decodeURIComponent(call[1]!));
    if (method === 'POST' && path === '/api/chat') return this.chat(request, response);
    sendError(response, 404, `No ${method} ${path} here`);
  }

  private tools(): ToolsAnswer {
    const { tools, problems } = this.context.catalog.list();
    return { title: this.context.title, chat: this.context.chatRuns !== undefined, tools, problems };
  }

  private asset(response: ServerResponse, type: string, body: string): void {
    response.writeHead(200, {
      'content-type': `${type}; charset=utf-8`,
      'content-length': Buffer.byteLength(body),
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
    response.end(body);
  }

  private async body(request: IncomingMessage, response: ServerResponse) {
    try {
      return await readJsonObject(request, this.context.maxBodyBytes);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      response.setHeader('connection', 'close');
      sendError(response, error.status, error.message);
      return undefined;
    }
  }

  private async callTool(request: IncomingMessage, response: ServerResponse, name: string): Promise<void> {
    const body = await this.body(request, response);
    if (!body) return;
    // The client going away cancels the call, as an aborted run would.
    const abort = new AbortController();
    response.once('close', () => abort.abort(new Error('The page stopped waiting for the call')));
    const answer = await this.context.catalog.call(name, body.args ?? {}, abort.signal);
    if (!answer) return sendError(response, 404, 'No toolbox was given to the developer UI');
    sendJson(response, 200, answer);
  }

  private async chat(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chatRuns = this.context.chatRuns;
    if (!chatRuns) return sendError(response, 404, 'No agent was given to the developer UI: there is no chat');
    const body = await this.body(request, response);
    if (!body) return;
    const { chatId, message } = body;
    if (typeof chatId !== 'string' || !CHAT_ID.test(chatId))
      return sendError(response, 400, '"chatId" must be 1 to 64 letters, digits, "-" or "_"');
    if (typeof message !== 'string' || message.trim() === '')
      return sendError(response, 400, '"message" must be a text that is not empty');
    let stream: ReturnType<ChatRuns['send']>;
    try {
      stream = chatRuns.send(chatId, message);
    } catch (error) {
      if (error instanceof ChatBusyError) return sendError(response, 409, error.message);
      throw error;
    }
    await pipeUIMessageStreamToResponse(stream, response, { headers: { 'x-run-id': stream.runId } });
  }
}
