// Time limits in the tests are there to catch a hang, never to fail a slow machine. Each is written as what an idle
// 2-core machine needs, with room to spare, and budget() stretches it by how busy this machine is: its load average
// per core when the test file starts (at least 1, at most 10), or TEST_TIME_SCALE when set (a runner known to be
// slow). At load 10 on 2 cores a 30 s budget is 150 s.
import { availableParallelism, loadavg } from 'node:os';

function scale(): number {
  const given = Number(process.env.TEST_TIME_SCALE);
  if (Number.isFinite(given) && given > 0) return given;
  return Math.min(10, Math.max(1, loadavg()[0]! / availableParallelism()));
}

/** How much longer than on an idle machine things take here, as the test file starts. */
export const timeScale = scale();

/** A time limit of `ms` on an idle machine, stretched by `timeScale`. */
export function budget(ms: number): number {
  return Math.round(ms * timeScale);
}
