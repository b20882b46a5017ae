// Starts the durable-shop example's worker as its `npm start` does (node with tsx, from its folder), as a child
// process a test can SIGKILL.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, stopProcess } from './child-process.js';

const exampleDir = fileURLToPath(new URL('../../examples/durable-shop', import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  /** SIGKILL, and wait until it is gone. */
  kill(): Promise<void>;
}

/** The arguments of the example's `start` script after `node`. */
function startArguments(): string[] {
  const script = (JSON.parse(readFileSync(join(exampleDir, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const [command, ...args] = script.split(/\s+/);
  if (command !== 'node') throw new Error(`examples/durable-shop's start script must run node: ${script}`);
  return args;
}

export async function startShopWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const { child, output } = await startProcess(process.execPath, startArguments(), {
    cwd: exampleDir,
    env: { ...process.env, ...env },
    ready: /listening on port/,
    what: 'The worker',
  });
  return { child, output, kill: () => stopProcess(child, 'SIGKILL') };
}
