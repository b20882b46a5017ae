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
