// TOOLWRIGHT_GEN_TIMING=1: each phase's wall time on stderr, and on Node 23.9+ the CPU the thread spent in it, which
// the bench's phase table reads (scripts/bench/gen-tools/run.ts) to compare phases on a loaded machine.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phaseTimer } from '../src/analyze.js';

const processWithCpu = process as { threadCpuUsage?: () => NodeJS.CpuUsage };
const ownThreadCpuUsage = Object.getOwnPropertyDescriptor(process, 'threadCpuUsage');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  if (ownThreadCpuUsage) Object.defineProperty(process, 'threadCpuUsage', ownThreadCpuUsage);
  else delete processWithCpu.threadCpuUsage;
});

/** The lines the timer writes for these phases, with the thread's CPU (in µs) at each call given by `cpu`. */
function timingLines(cpu: number[] | undefined, phases: string[]): string[] {
  vi.stubEnv('TOOLWRIGHT_GEN_TIMING', '1');
  if (cpu) {
    let call = 0;
    Object.defineProperty(process, 'threadCpuUsage', {
      configurable: true,
      value: () => ({ user: cpu[call++]!, system: 0 }),
    });
  } else delete processWithCpu.threadCpuUsage;
  const written: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((text) => written.push(String(text)) > 0);
  const timing = phaseTimer('shard 1 ')!;
  for (const phase of phases) timing(phase);
  return written;
}

describe('the timing log', () => {
  it('gives each phase the CPU this thread spent in it where Node tells it, and only the wall time where not', () => {
    expect(timingLines([1_000, 91_000, 241_400], ['program', 'render'])).toEqual([
      expect.stringMatching(/^gen-tools: shard 1 program \d+ ms, thread CPU 90 ms\n$/),
      expect.stringMatching(/^gen-tools: shard 1 render \d+ ms, thread CPU 150 ms\n$/),
    ]);
    expect(timingLines(undefined, ['render'])).toEqual([expect.stringMatching(/^gen-tools: shard 1 render \d+ ms\n$/)]);
  });

  it('is silent unless asked', () => {
    vi.stubEnv('TOOLWRIGHT_GEN_TIMING', '');
    expect(phaseTimer()).toBeUndefined();
  });
});
