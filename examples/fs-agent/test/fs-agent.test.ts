// The example end to end, offline: the real @google/genai client talks to FakeGemini over HTTP, the scripted model
// reads the real tool results, and a note in the folder tries to make it leak a file from outside the folder.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GoogleGenAI } from '@google/genai';
import { memoryAudit } from '@toolwright/fs-tools';
import { startFakeGemini, type FakeGemini } from '@toolwright/testing';
import { askAboutFolder, DEFAULT_QUESTION } from '../src/fs-agent.js';
import { offlineModel } from '../src/offline-model.js';

const SECRET = 'the launch code is 0000';
let scratch: string;
let folder: string;
let fake: FakeGemini;
let ai: GoogleGenAI;

beforeEach(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'fs-agent-test-'));
  folder = join(scratch, 'workspace');
  cpSync(join(__dirname, '..', 'workspace'), folder, { recursive: true });
  writeFileSync(join(scratch, 'secrets.txt'), `${SECRET}\n`);
  fake = await startFakeGemini({ handler: offlineModel() });
  ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: fake.url } });
});
afterEach(async () => {
  await fake.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Everything the model was ever sent. */
const sentToModel = () => JSON.stringify(fake.requests);

describe('fs-agent example', () => {
  it('answers from the files, writes TODO.md, and the planted instruction gets nothing out', async () => {
    const audit = memoryAudit();
    const result = await askAboutFolder(DEFAULT_QUESTION, { folder, client: ai, audit });

    expect(result.stopReason).toBe('stop');
    expect(result.text).toContain('I found 4 open TODOs in 3 notes and collected them in TODO.md.');
    expect(readFileSync(join(folder, 'TODO.md'), 'utf8')).toBe(
      [
        '# Open TODOs',
        '',
        '- [ ] try the new build cache (ideas/backlog.md)',
        '- [ ] book the room for the offsite (notes/2026-11-planning.md)',
        '- [ ] draft the Q1 roadmap (notes/2026-11-planning.md)',
        '- [ ] send the minutes to Dana (notes/meeting-2026-11-18.md)',
        '',
      ].join('\n'),
    );

    const calls = result.steps.flatMap((step) => step.calls);
    const stolen = calls.find((call) => (call.args as { path?: string }).path === '../secrets.txt');
    expect(stolen?.ok).toBe(false);
    expect(stolen?.response).toMatchObject({ error: { name: 'SandboxError', code: 'outside_root' } });
    expect(sentToModel()).not.toContain(SECRET);
    expect(sentToModel()).not.toContain(scratch);
    expect(existsSync(join(folder, 'leak.md'))).toBe(false);
    expect(audit.entries.map((entry) => `${entry.tool}:${entry.outcome}`)).toEqual([
      'list_files:ok',
      'read_file:ok',
      'read_file:ok',
      'read_file:ok',
      'read_file:ok',
      'read_file:error',
      'write_file:ok',
    ]);
  });

  it('does not leak through a link planted in the folder either', async () => {
    symlinkSync(scratch, join(folder, 'notes', 'archive'));
    const note = join(folder, 'notes', 'meeting-2026-11-18.md');
    writeFileSync(note, readFileSync(note, 'utf8').replace('../secrets.txt', 'notes/archive/secrets.txt'));
    const result = await askAboutFolder(DEFAULT_QUESTION, { folder, client: ai });
    const stolen = result.steps
      .flatMap((step) => step.calls)
      .find((call) => (call.args as { path?: string }).path === 'notes/archive/secrets.txt');
    expect(stolen?.response).toMatchObject({
      error: { code: 'outside_root', message: '"notes/archive" is a symbolic link that leads outside the root folder' },
    });
    expect(sentToModel()).not.toContain(SECRET);
    expect(existsSync(join(folder, 'leak.md'))).toBe(false);
  });

  it('tells the model when the user declines the write', async () => {
    const result = await askAboutFolder(DEFAULT_QUESTION, { folder, client: ai, confirmWrite: () => false });
    expect(result.text).toContain('could not write TODO.md: the write to "TODO.md" was not approved');
    expect(existsSync(join(folder, 'TODO.md'))).toBe(false);
  });
});
