// Another process swaps folders inside the root (the folder written to, and its backup folder) for links to an
// outside folder and back, as fast as it can, while the tools list, read, write and back up there. Whatever the
// timing: no outside name is ever listed, no outside content is ever read, and nothing outside the root is created,
// changed or deleted (the outside folder holds decoys named like the backups that pruning would delete).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileTools, SandboxError } from '../src/index.js';
import { makeFixture, snapshot, type Fixture } from './fixture.js';
import { budget } from '../../../test/support/time-budget.js';

let fixture: Fixture;
let swapper: ChildProcess;
/** Rounds of calls, stopped early after a few seconds (the machine may be slow). */
const ROUNDS = 400;
const SECONDS = 4;

beforeAll(async () => {
  fixture = makeFixture();
  const decoys = join(fixture.outside, 'dir');
  writeFileSync(join(decoys, 'outside-only.txt'), 'outside secret\n');
  writeFileSync(join(decoys, 'x.txt'), 'outside x\n');
  for (const stamp of ['20000101T000000000Z', '20000101T000000001Z', '20000101T000000002Z']) {
    writeFileSync(join(decoys, `x.txt.${stamp}.bak`), 'outside backup decoy\n');
  }
  mkdirSync(join(fixture.root, 'swap/deep'), { recursive: true });
  writeFileSync(join(fixture.root, 'swap/x.txt'), 'inside x\n');
  writeFileSync(join(fixture.root, 'swap/deep/inside.txt'), 'inside\n');
  mkdirSync(join(fixture.root, '.fs-tools-backups/swap'), { recursive: true });
  swapper = spawn(
    process.execPath,
    [join(__dirname, 'race-swapper.child.mjs'), fixture.root, decoys, 'swap', '.fs-tools-backups/swap', 'swap/deep'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    swapper.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    swapper.on('exit', (code) => reject(new Error(`swapper exited early (${code})`)));
  });
});

afterAll(async () => {
  if (swapper.exitCode === null && swapper.signalCode === null) {
    const exited = new Promise((resolve) => swapper.on('exit', resolve));
    swapper.kill('SIGKILL');
    await exited;
  }
  fixture.cleanup();
});

it(
  'lists, reads, writes and backs up without ever reaching ' + 'the outside folder swapped in by another process',
  async () => {
    const before = snapshot(fixture.outside);
    const tools = new FileTools(fixture.root, { audit: false, rateLimit: false, backups: { keep: 1 } });
    const refusals = new Map<string, number>();
    let listed = 0;
    const attempt = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await call();
      } catch (error) {
        // Only refusals, never a crash: the swap shows as a link, a missing or a changed file.
        expect(error).toBeInstanceOf(SandboxError);
        const code = (error as SandboxError).code;
        refusals.set(code, (refusals.get(code) ?? 0) + 1);
        return undefined;
      }
    };
    const stop = Date.now() + SECONDS * 1000;
    let rounds = 0;
    for (let round = 0; round < ROUNDS && Date.now() < stop; round++) {
      rounds++;
      const lists = await Promise.all([
        attempt(() => tools.listFiles('.', '**')),
        attempt(() => tools.listFiles('swap')),
        attempt(() => tools.listFiles('swap/deep')),
        attempt(() => tools.listFiles('.fs-tools-backups/swap')),
      ]);
      for (const list of lists) {
        if (!list) continue;
        listed++;
        // Names that exist only in the outside folder (x.txt exists on both sides).
        for (const path of list.paths) expect(path).not.toMatch(/outside-only|20000101T/);
      }
      const [text] = await Promise.all([
        attempt(() => tools.readFile('swap/x.txt')),
        attempt(() => tools.writeFile('swap/x.txt', `inside x ${round}\n`)),
        attempt(() => tools.writeFile(`swap/deep/new-${round % 3}.txt`, `new ${round}\n`)),
      ]);
      if (text !== undefined) expect(text).toMatch(/^inside x( \d+)?\n$/);
    }
    expect(snapshot(fixture.outside)).toEqual(before);
    // The race really ran: some calls met a swapped folder and were refused, and many went through.
    expect(listed).toBeGreaterThan(rounds);
    expect(swapper.exitCode).toBeNull();
    expect([...refusals.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  },
  budget(60_000),
);
