import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import { repoRoot } from './temp-project.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The bin's script, as argv[1] names it. */
export const cliScript = join(repoRoot, 'packages/gen/src/cli.ts');

/**
 * gen-tools with these arguments in folder `cwd`, as the bin runs it, in this process (TypeScript loads once for
 * the test file instead of once per run).
 */
export async function genTools(cwd: string, ...args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io = {
    cwd,
    out: (text: string) => void (stdout += `${text}\n`),
    err: (text: string) => void (stderr += `${text}\n`),
  };
  const code = await main([process.execPath, cliScript, ...args], io);
  return { code, stdout, stderr };
}

/** What a child gen-tools writes, gathered as it comes. */
export interface ChildOutput {
  readonly stdout: string;
  readonly stderr: string;
}

/** Gathers a child's output; `closed` resolves with its exit code and all it wrote. */
export function childOutput(child: ChildProcessWithoutNullStreams): { output: ChildOutput; closed: Promise<CliRun> } {
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => void (output.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (output.stderr += chunk));
  const closed = new Promise<CliRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, ...output }));
  });
  return { output, closed };
}

/** Waits (30 s at most) until a child has written `count` lines on stdout (`--watch` writes one per run); the last. */
export async function waitForLine(output: ChildOutput, count: number): Promise<string> {
  const lines = () => output.stdout.split('\n').filter(Boolean);
  for (let waited = 0; lines().length < count; waited += 25) {
    if (waited > 30_000) throw new Error(`no line ${count}:\n${output.stdout}\n${output.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return lines()[count - 1]!;
}
