// Starts the durable-shop example's worker as its `npm start` does (node with tsx, from its folder), as a child
// process a test can SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  let output = '';
  const child = spawn(process.execPath, startArguments(), {
    cwd: exampleDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The worker did not start in 30 s:\n${output}`)), 30_000);
    const check = () => {
      if (/listening on port/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The worker exited (${code}) before it listened:\n${output}`));
    });
  });
  return {
    child,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
