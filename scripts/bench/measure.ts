// Runs a Node program as its own process and reports its wall time and peak memory.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Measurement {
  ms: number;
  /**
   * The CPU time (user and system) of the process and of the processes it waited for (TypeScript 7's compiler
   * binary), where Linux tells it: steadier than wall time on a loaded machine, and counted on all cores.
   */
  cpuMs: number | undefined;
  /** NaN when the program replaced its process (see measureNode). */
  peakRssMb: number;
  /** What the program printed (some print their own stage times). */
  stdout: string;
  stderr: string;
}

const preload = join(dirname(fileURLToPath(import.meta.url)), 'peak-rss.cjs');

export function measureNode(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Measurement {
  const dir = mkdtempSync(join(tmpdir(), 'tw-measure-'));
  const rssFile = join(dir, 'rss');
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--require', preload, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, TOOLWRIGHT_RSS_FILE: rssFile },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  const cpuAfter = childrenCpuMs();
  const cpuMs = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  if (result.status !== 0) {
    throw new Error(
      `${args.join(' ')} exited ${result.status}:\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`,
    );
  }
  // None when the program replaced its process before exiting (TypeScript 7's tsc execs its native binary on Node
  // 23.11+, process.execve): the preload never sees an exit. Its CPU still counts, as the same child's.
  const peakRssMb = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) / 1024 : Number.NaN;
  rmSync(dir, { recursive: true, force: true });
  return { ms, cpuMs, peakRssMb, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The CPU time of this process's children that it waited for, and of theirs (Linux: cutime and cstime in
 * /proc/self/stat, in clock ticks of 10 ms); undefined where there is no such file.
 */
function childrenCpuMs(): number | undefined {
  const fields = statFields('self');
  return fields && (Number(fields[13]) + Number(fields[14])) * 10;
}

/** A running process's own CPU time so far (utime and stime, all its threads), as childrenCpuMs reads it. */
export function processCpuMs(pid: number): number | undefined {
  const fields = statFields(String(pid));
  return fields && (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The fields of /proc/<pid>/stat after the command's name (which may hold spaces) in parentheses: state first. */
function statFields(pid: string): string[] | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
