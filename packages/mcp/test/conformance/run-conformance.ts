// Runs the official MCP conformance suite (`@modelcontextprotocol/conformance`, a root dev dependency) on Node 22,
// which it needs, through npm's `node@22` package. Server runs point it at a URL; a client run would pass `client`
// and `--command` the same way. Results are read from the checks.json files it writes, one folder per scenario.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface ConformanceCheck {
  id: string;
  name: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string;
}

export interface ConformanceRun {
  exitCode: number | null;
  /** Every check of every scenario run, by scenario name. */
  scenarios: Map<string, ConformanceCheck[]>;
  /** What the suite printed (its summary, and each failure's message). */
  output: string;
}

const suiteEntry = join(
  dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json')),
  'dist/index.js',
);

/**
 * `conformance <args...> --expected-failures <baseline>`: exit 0 when exactly the baseline's scenarios fail (a
 * warning counts as a failure), 1 when one more fails or a listed one passes (the baseline is then stale).
 */
export async function runConformance(
  mode: 'server' | 'client',
  args: string[],
  expectedFailures: readonly string[],
  timeoutMs = 240_000,
): Promise<ConformanceRun> {
  const outputDir = await mkdtemp(join(tmpdir(), 'mcp-conformance-'));
  try {
    const baseline = join(outputDir, 'baseline.yml');
    // JSON is YAML too, and an empty list stays a list.
    await writeFile(baseline, `${mode}: ${JSON.stringify(expectedFailures)}\n`);
    const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
    const child = spawn(
      npx,
      ['-y', 'node@22', suiteEntry, mode, ...args, '--expected-failures', baseline, '--output-dir', outputDir],
      { cwd: outputDir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const timer = setTimeout(() => child.kill(), timeoutMs);
    const exitCode = await new Promise<number | null>((resolve) => child.once('close', resolve));
    clearTimeout(timer);
    return { exitCode, scenarios: await readChecks(outputDir), output };
  } finally {
    await rm(outputDir, { recursive: true, force: true });
  }
}

/** The folders are named `server-<scenario>-<timestamp>` (or `<scenario>-<timestamp>` for client runs). */
async function readChecks(outputDir: string): Promise<Map<string, ConformanceCheck[]>> {
  const scenarios = new Map<string, ConformanceCheck[]>();
  for (const entry of await readdir(outputDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name !== 'checks.json') continue;
    const folder = entry.parentPath ?? (entry as { path?: string }).path ?? outputDir;
    const name = folder
      .slice(outputDir.length + 1)
      .replace(/^server-/, '')
      .replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, '');
    scenarios.set(name, JSON.parse(await readFile(join(folder, entry.name), 'utf8')) as ConformanceCheck[]);
  }
  return scenarios;
}
