import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiRoutes } from './api-routes.js';
import { ChatRuns } from './chat-runs.js';
import { sendError } from './http-answers.js';
import type { DevUi, DevUiOptions } from './options.js';
import { hostForUrl, RequestGuard } from './request-guard.js';
import { RunLog } from './run-log.js';
import { ToolCatalog } from './tool-catalog.js';
import { toolboxList } from './toolbox-list.js';

/**
 * Serves the developer UI for a Toolbox and an Agent on a local port: the page, its script and styles (bundled in
 * this package, no CDN), and the JSON and streaming API it calls.
 */
export async function startDevUi(options: DevUiOptions = {}): Promise<DevUi> {
  const toolboxes = toolboxList(options.toolbox);
  const host = options.host ?? '127.0.0.1';
  if (options.agent && options.createAgent) throw new TypeError('startDevUi: give agent or createAgent, not both');
  const runLog = new RunLog(options.maxRuns ?? 100);
  const agent = options.createAgent
    ? await options.createAgent({ onEvent: (event) => runLog.record(event) })
    : options.agent;
  const chatRuns = agent
    ? new ChatRuns(agent, runLog, { maxChats: options.maxChats ?? 50, agentRecords: Boolean(options.createAgent) })
    : undefined;
  let guard: RequestGuard | undefined;
  const routes = new ApiRoutes({
    title: options.title ?? 'toolwright',
    catalog: new ToolCatalog(toolboxes),
    chatRuns,
    runLog,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
  });
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const refusal = guard!.refusal(request);
    if (refusal) return sendError(response, refusal.status, refusal.message);
    routes.handle(request, response).catch((error: unknown) => {
      // A route's own failure (never the tool's or the model's, which are answers): the page shows the message.
      if (!response.headersSent) sendError(response, 500, error instanceof Error ? error.message : String(error));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  guard = new RequestGuard(port, host, options.allowedHosts);
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : hostForUrl(host);
  return {
    url: `http://${urlHost}:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Open streams end now (their runs are aborted as their readers go away).
        server.closeAllConnections();
      }),
  };
}
