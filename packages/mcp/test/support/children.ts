import { execFileSync } from 'node:child_process';

/** The process ids of this process's children whose command line contains `marker` (Linux `ps`). */
export function childPids(marker: string): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes(marker))
    .map((line) => Number.parseInt(line.trim(), 10))
    .filter((pid) => Number.isInteger(pid));
}
