// Child processes that tests start (servers, workers): a free port to give one, a start that waits until its output
// says it is ready, and a stop that waits until it is gone.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { budget } from './time-budget.js';

/** A port nothing listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface StartedProcess {
  child: ChildProcess;
  /** Its stdout and stderr so far (for a failing test's message). */
  output(): string;
  /** The match of `ready` in its output. */
  ready: RegExpExecArray;
}

export interface StartOptions extends Pick<SpawnOptions, 'cwd' | 'env'> {
  /** Output (stdout or stderr) that says the process is ready. */
  ready: RegExp;
  /** What it is, for the errors: `the worker did not start in 30 s`. */
  what: string;
  timeoutMs?: number;
}

/**
 * Spawns `command` and resolves once its output matches `ready`; rejects, with the output, when it exits first or
 * does not get there in time (and then kills it).
 */
export async function startProcess(command: string, args: string[], options: StartOptions): Promise<StartedProcess> {
  const { ready, what, timeoutMs = budget(30_000) } = options;
  // Its own process group, so a stop reaches what it starts too (`npm run` leaves its script running otherwise).
  const child = spawn(command, args, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.env ? { env: options.env } : {}),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  groupLeaders.add(child);
  let output = '';
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => {
      signalProcess(child, 'SIGKILL');
      reject(new Error(`${what} did not start in ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) before it was ready:\n${output}`));
    });
  });
  return { child, output: () => output, ready: match };
}

/** Sends `signal` to the process if it still runs, and waits until it is gone. */
export async function stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalProcess(child, signal);
  await exited;
}

/** Children startProcess made the leaders of their own process groups. */
const groupLeaders = new WeakSet<ChildProcess>();

/** Signals a child, and all its group when startProcess gave it one. */
function signalProcess(child: ChildProcess, signal: NodeJS.Signals): void {
  if (groupLeaders.has(child) && child.pid !== undefined) {
    try {
      process.kill(-child.pid, signal);
      return;
    } catch {
      // The group is gone but for the leader's exit not yet seen: signal the leader alone.
    }
  }
  child.kill(signal);
}
