// The same worker served by Node from a startup snapshot, for serverless Node (Cloud Run, a Lambda custom runtime):
// `node --snapshot-blob app.blob --build-snapshot app.cjs` runs this module's top level once, at build time, so the
// imports and the Toolbox (built at worker.ts's module scope) are in the blob; `node --snapshot-blob app.blob` then
// starts from that heap and runs only the function below. No code of the app is read or run again on a cold start.
// Everything from the environment (the API key, the port) is read in that function: the snapshot is built elsewhere.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startupSnapshot } from 'node:v8';
import worker, { type Env } from './worker.js';

startupSnapshot.setDeserializeMainFunction(() => {
  // Loaded here, not imported: no snapshot holds node:http (Node 20's builder cannot load it, 22's and 24's cannot
  // serialize its parser), and a snapshot has no import().
  const { createServer } = process.getBuiltinModule('node:http');
  const env: Env = {
    GEMINI_API_KEY: process.env.GEMINI_API_KEY ?? '',
    ...(process.env.GEMINI_BASE_URL ? { GEMINI_BASE_URL: process.env.GEMINI_BASE_URL } : {}),
    ...(process.env.GEMINI_MODEL ? { GEMINI_MODEL: process.env.GEMINI_MODEL } : {}),
  };
  const server = createServer((request, response) => {
    serve(request, response, env).catch((error: unknown) => {
      if (response.headersSent) response.destroy(error instanceof Error ? error : new Error(String(error)));
      else response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  server.listen(Number(process.env.PORT ?? 8080), process.env.HOST ?? '127.0.0.1', () => {
    const address = server.address();
    console.log(`listening on ${typeof address === 'object' && address ? address.port : address}`);
  });
});

/** Node's request as a web Request for the worker's `fetch`, and its Response written back. */
async function serve(request: IncomingMessage, response: ServerResponse, env: Env): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = request.method ?? 'GET';
  const answer = await worker.fetch(
    new Request(`http://${request.headers.host ?? 'localhost'}${request.url ?? '/'}`, {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
    }),
    env,
  );
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(Buffer.from(await answer.arrayBuffer()));
}
