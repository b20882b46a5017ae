import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { FileTools, jsonLinesAudit, memoryAudit, RateLimiter, SandboxError } from '../src/index.js';
import { makeFixture, type Fixture } from './fixture.js';

let fixture: Fixture;
let now: number;
const clock = () => now;
beforeEach(() => {
  fixture = makeFixture();
  now = Date.UTC(2026, 0, 2, 3, 4, 5, 6);
});
afterEach(() => fixture.cleanup());

describe('audit log', () => {
  it('records every call: tool, arguments, outcome, time, duration; content as size and hash', async () => {
    const audit = memoryAudit();
    const tools = new FileTools(fixture.root, { audit, clock, rateLimit: false });
    await tools.readFile('ok.txt', 1, 1);
    await tools.listFiles('sub', '*.txt');
    await tools.writeFile('new.txt', 'héllo');
    await tools.readFile('../outside/secret.txt').catch(() => undefined);
    expect(audit.entries).toEqual([
      {
        time: '2026-01-02T03:04:05.006Z',
        tool: 'read_file',
        args: { path: 'ok.txt', startLine: 1, endLine: 1 },
        outcome: 'ok',
        result: { bytes: 14 },
        durationMs: 0,
      },
      {
        time: '2026-01-02T03:04:05.006Z',
        tool: 'list_files',
        args: { path: 'sub', pattern: '*.txt' },
        outcome: 'ok',
        result: { entries: 1, truncated: false },
        durationMs: 0,
      },
      {
        time: '2026-01-02T03:04:05.006Z',
        tool: 'write_file',
        args: {
          path: 'new.txt',
          content: { bytes: 6, sha256: createHash('sha256').update('héllo').digest('hex') },
          mode: 'overwrite',
        },
        outcome: 'ok',
        result: { bytes: 6, created: true, backedUp: false },
        durationMs: 0,
      },
      {
        time: '2026-01-02T03:04:05.006Z',
        tool: 'read_file',
        args: { path: '../outside/secret.txt' },
        outcome: 'error',
        error: { code: 'outside_root', message: '"../outside/secret.txt" leads outside the root folder' },
        durationMs: 0,
      },
    ]);
  });

  it('writes JSON lines to a stream (stderr by default) or appends them to a file', async () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const tools = new FileTools(fixture.root, { audit: jsonLinesAudit(stream), clock });
    await tools.readFile('ok.txt');
    await tools.readFile('nope.txt').catch(() => undefined);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { outcome: string });
    expect(lines.map((line) => line.outcome)).toEqual(['ok', 'error']);

    const folder = mkdtempSync(join(tmpdir(), 'fs-tools-audit-'));
    try {
      const file = join(folder, 'audit.jsonl');
      const toFile = new FileTools(fixture.root, { audit: jsonLinesAudit(file), clock });
      await Promise.all([toFile.readFile('ok.txt'), toFile.listFiles(), toFile.readFile('sub/file.txt')]);
      const recorded = readFileSync(file, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { tool: string });
      expect(recorded.map((entry) => entry.tool).sort()).toEqual(['list_files', 'read_file', 'read_file']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('measures the duration with the injected clock', async () => {
    const audit = memoryAudit();
    let calls = 0;
    const tools = new FileTools(fixture.root, {
      audit,
      rateLimit: false,
      clock: () => (calls++ === 0 ? 1000 : 1250),
      backups: false,
      confirmWrite: () => true,
    });
    await tools.listFiles();
    expect(audit.entries[0]?.durationMs).toBe(250);
  });

  it('writes audit lines to stderr by default', async () => {
    const written: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      await new FileTools(fixture.root, { clock }).readFile('ok.txt');
    } finally {
      process.stderr.write = original;
    }
    expect(JSON.parse(written.join(''))).toMatchObject({ tool: 'read_file', outcome: 'ok' });
  });
});

describe('rate limit', () => {
  it('refuses calls over the limit within a minute, and lets them through once the window has moved', async () => {
    const audit = memoryAudit();
    const tools = new FileTools(fixture.root, { audit, clock, rateLimit: { callsPerMinute: 3 } });
    for (let i = 0; i < 3; i++) {
      await tools.readFile('ok.txt');
      now += 10_000;
    }
    const error = await tools.listFiles().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SandboxError);
    expect((error as SandboxError).code).toBe('rate_limited');
    expect((error as SandboxError).message).toBe(
      'too many file tool calls: the limit is 3 a minute; try again in 30 s',
    );
    expect(audit.entries.at(-1)).toMatchObject({
      tool: 'list_files',
      outcome: 'error',
      error: { code: 'rate_limited' },
    });
    now += 30_000;
    await expect(tools.listFiles()).resolves.toMatchObject({ truncated: false });
  });

  it('counts only the calls it let through', () => {
    let time = 0;
    const limiter = new RateLimiter(2, () => time);
    expect([limiter.take(), limiter.take(), limiter.take()]).toEqual([0, 0, 60_000]);
    time = 59_999;
    expect(limiter.take()).toBe(1);
    time = 60_000;
    expect(limiter.take()).toBe(0);
    expect(() => new RateLimiter(0)).toThrow(TypeError);
  });

  it('is on by default (120 a minute) and can be turned off', async () => {
    const limited = new FileTools(fixture.root, { audit: false, clock });
    for (let i = 0; i < 120; i++) await limited.listFiles('sub');
    await expect(limited.listFiles('sub')).rejects.toMatchObject({ code: 'rate_limited' });
    const free = new FileTools(fixture.root, { audit: false, clock, rateLimit: false });
    for (let i = 0; i < 130; i++) await free.listFiles('sub');
  });
});

describe('options', () => {
  it('rejects a root that is missing or a file, and nonsense limits', () => {
    expect(() => new FileTools(join(fixture.base, 'missing'))).toThrow();
    expect(() => new FileTools(join(fixture.root, 'ok.txt'))).toThrow(/not a folder/);
    expect(() => new FileTools(fixture.root, { maxReadBytes: 0 })).toThrow(TypeError);
    expect(() => new FileTools(fixture.root, { maxListEntries: 1.5 })).toThrow(TypeError);
    expect(() => new FileTools(fixture.root, { backups: { keep: 0 } })).toThrow(TypeError);
    expect(() => new FileTools(fixture.root, { backups: { dir: '.' } })).toThrow(TypeError);
  });
});
