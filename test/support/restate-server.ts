// A real Restate server, from the npm package @restatedev/restate-server (its binary ships in the package: no
// download), on free ports with a temporary base dir. Tests and benchmarks start one per file and register their
// workers through the admin API.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Http2Server, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './child-process.js';
import { budget } from './time-budget.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RestateServer {
  /** Where clients call handlers: `${ingress}/<Object>/<key>/<handler>`. */
  ingress: string;
  admin: string;
  /** Registers (or re-registers) the deployment at `uri` and waits until the server knows its services. */
  register(uri: string): Promise<void>;
  /** The server's log so far (for a failing test's message). */
  log(): string;
  close(): Promise<void>;
}

/** The path of the server binary the npm package installed for this platform. */
export function restateServerBinary(): string {
  const fromPackage = createRequire(join(root, 'packages/restate/package.json'));
  const serverPackage = fromPackage.resolve('@restatedev/restate-server/package.json');
  return createRequire(serverPackage).resolve(
    `@restatedev/restate-server-${process.platform}-${process.arch}/bin/restate-server`,
  );
}

export async function startRestateServer(): Promise<RestateServer> {
  const [ingressPort, adminPort, fabricPort] = [await freePort(), await freePort(), await freePort()];
  const baseDir = mkdtempSync(join(tmpdir(), 'toolwright-restate-'));
  let output = '';
  const child: ChildProcess = spawn(
    restateServerBinary(),
    [
      '--base-dir',
      baseDir,
      '--listen-mode',
      'tcp',
      '--no-logo',
      '--node-name',
      'test',
      '--default-num-partitions',
      '2',
    ],
    {
      env: {
        ...process.env,
        RESTATE_INGRESS__BIND_ADDRESS: `127.0.0.1:${ingressPort}`,
        RESTATE_ADMIN__BIND_ADDRESS: `127.0.0.1:${adminPort}`,
        RESTATE_BIND_ADDRESS: `127.0.0.1:${fabricPort}`,
        RESTATE_ADVERTISED_ADDRESS: `http://127.0.0.1:${fabricPort}/`,
        // A worker that died is tried again soon, not after up to ten seconds.
        RESTATE_DEFAULT_RETRY_POLICY__INITIAL_INTERVAL: '50ms',
        RESTATE_DEFAULT_RETRY_POLICY__MAX_INTERVAL: '500ms',
        RESTATE_LOG_FORMAT: 'compact',
        RESTATE_DISABLE_TELEMETRY: 'true',
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ingress = `http://127.0.0.1:${ingressPort}`;
  const admin = `http://127.0.0.1:${adminPort}`;

  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(baseDir, { recursive: true, force: true });
  };

  try {
    await until(
      async () => (await fetch(`${admin}/health`)).ok && (await fetch(`${ingress}/restate/health`)).ok,
      30_000,
      () => output,
    );
  } catch (error) {
    await close();
    throw error;
  }

  return {
    ingress,
    admin,
    log: () => output,
    close,
    async register(uri) {
      const response = await fetch(`${admin}/deployments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uri, force: true }),
      });
      if (!response.ok) throw new Error(`Registering ${uri} failed: ${response.status} ${await response.text()}`);
    },
  };
}

/**
 * Serves a Restate endpoint's HTTP/2 handler (`restate.endpoint()...http2Handler()`) on a free loopback port, and
 * registers that deployment with `server`.
 */
export async function serveEndpoint(
  server: RestateServer,
  handler: (request: Http2ServerRequest, response: Http2ServerResponse) => void,
): Promise<Http2Server> {
  const endpoint = createServer(handler);
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  await server.register(`http://127.0.0.1:${(endpoint.address() as { port: number }).port}`);
  return endpoint;
}

/** Polls `check` until it holds; fails with the server's log after `ms` (an idle machine's time: see budget()). */
export async function until(
  check: () => Promise<boolean> | boolean,
  ms: number,
  log: () => string = () => '',
): Promise<void> {
  const limit = budget(ms);
  const deadline = Date.now() + limit;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // Not up yet.
    }
    if (Date.now() > deadline) throw new Error(`Timed out after ${limit} ms. Log:\n${log().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
