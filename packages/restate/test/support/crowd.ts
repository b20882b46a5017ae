// A crowd on the sweep: many conversations at once, each checked to run every step once. Apart from sweep.ts, which
// the durable bench imports too, as this module needs vitest's expect.
import { expect } from 'vitest';
import { stopProcess } from '../../../../test/support/child-process.js';
import { doneText, lines, type Sweep, type SweepFiles } from './sweep.js';

/**
 * Twenty conversations (or `count`) sent at once to a fresh worker of `object`, three parallel calls each: every run
 * finishes, every tool starts once, the provider books each charge and receipt once, each model turn is asked once.
 */
export async function crowdRunsOnce(sweep: Sweep, object: string, files: SweepFiles, port: number, count = 20) {
  const started = await sweep.startWorker(object, port, files);
  await sweep.server.register(`http://127.0.0.1:${port}`);
  const orders = Array.from({ length: count }, (_, i) => `order-${object.toLowerCase()}-${i}`);
  const results = await Promise.all(orders.map((orderId, i) => sweep.send(object, `Please buy ${orderId}.`, `c${i}`)));
  for (const [i, { status, json }] of results.entries()) {
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.text).toBe(doneText(orders[i]!));
  }
  const log = lines(files.log).map((line) => line.split(' '));
  expect(log.filter(([kind]) => kind === 'start')).toHaveLength(count * 4);
  expect(log.filter(([kind]) => kind === 'effect')).toHaveLength(count * 2);
  const booked = lines(files.provider).map((line) => line.split(' ').slice(1).join(' '));
  expect(booked.sort()).toEqual(orders.flatMap((orderId) => [`charge ${orderId} 1250`, `receipt ${orderId}`]).sort());
  for (const orderId of orders) expect(sweep.asked(orderId)).toEqual([1, 1, 1]);
  await stopProcess(started.child, 'SIGKILL');
}
