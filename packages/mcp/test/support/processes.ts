import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const calculatorScript = fileURLToPath(new URL('./serve-calculator.ts', import.meta.url));
/** How a child runs a TypeScript file of the workspace from sources. */
export const tsNode = {
  command: process.execPath,
  args: ['--conditions=@toolwright/source', '--import', 'tsx'],
  cwd: repoRoot,
};

/** Starts a child that prints a URL on its first line; resolves with the URL and the child. */
export async function startUrlPrinter(script: string, args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(tsNode.command, [...tsNode.args, script, ...args], {
    cwd: tsNode.cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(() => [undefined])])) as [
    string | undefined,
  ];
  if (!line) throw new Error(`${script} ended before printing its URL`);
  return { url: line.trim(), child };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill();
  await exited;
}
