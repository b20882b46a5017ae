import { execFileSync } from 'node:child_process';

/** Node has no mkfifo; the coreutils command makes a real FIFO for the special-file tests. */
export function mkfifoSync(path: string): void {
  execFileSync('mkfifo', [path]);
}
