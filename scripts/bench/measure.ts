// Runs a Node program as its own process and reports its wall time and peak memory.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Measurement {
  ms: number;
  peakRssMb: number;
  /** What the program printed (some print their own stage times). */
  stdout: string;
  stderr: string;
}

const preload = join(dirname(fileURLToPath(import.meta.url)), 'peak-rss.cjs');

export function measureNode(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Measurement {
  const dir = mkdtempSync(join(tmpdir(), 'tw-measure-'));
  const rssFile = join(dir, 'rss');
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--require', preload, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, TOOLWRIGHT_RSS_FILE: rssFile },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (result.status !== 0) {
    throw new Error(
      `${args.join(' ')} exited ${result.status}:\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`,
    );
  }
  const peakRssMb = Number(readFileSync(rssFile, 'utf8')) / 1024;
  rmSync(dir, { recursive: true, force: true });
  return { ms, peakRssMb, stdout: result.stdout, stderr: result.stderr };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
