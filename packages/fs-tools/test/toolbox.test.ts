// The file tools as the model meets them: through a Toolbox bound to the manifest gen-tools generated.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Toolbox } from '@toolwright/core';
import { createFileToolbox, FileTools, fileToolsManifest, memoryAudit } from '../src/index.js';
import { makeFixture, snapshot, type Fixture } from './fixture.js';

let fixture: Fixture;
beforeEach(() => {
  fixture = makeFixture();
});
afterEach(() => fixture.cleanup());

describe('FileTools in a Toolbox', () => {
  it('declares list_files, read_file and write_file from the generated manifest', () => {
    const toolbox = createFileToolbox(fixture.root, { audit: false });
    const declarations = toolbox.declarations();
    expect(declarations.map((declaration) => declaration.name)).toEqual(['list_files', 'read_file', 'write_file']);
    const write = fileToolsManifest.tools.find((entry) => entry.name === 'write_file');
    expect(write?.parameters.properties.mode).toMatchObject({ enum: ['overwrite', 'append'], default: 'overwrite' });
    expect(write?.parameters.required).toEqual(['path', 'content']);
  });

  it('answers calls with outputs', async () => {
    const toolbox = new Toolbox([new FileTools(fixture.root, { audit: false })], fileToolsManifest);
    expect(
      await toolbox.call({ id: '1', name: 'read_file', args: { path: 'ok.txt', startLine: 2, endLine: 2 } }),
    ).toEqual({
      functionResponse: { id: '1', name: 'read_file', response: { output: 'two\n' } },
    });
    expect(await toolbox.call({ id: '2', name: 'list_files', args: { path: 'sub' } })).toEqual({
      functionResponse: {
        id: '2',
        name: 'list_files',
        response: { output: { paths: ['sub/deeper/', 'sub/file.txt'], truncated: false } },
      },
    });
    const written = await toolbox.call({ id: '3', name: 'write_file', args: { path: 'notes/a.md', content: '# A\n' } });
    expect(written.functionResponse.response).toEqual({
      output: { path: 'notes/a.md', mode: 'overwrite', bytesWritten: 4, created: true, backedUp: false },
    });
    expect(readFileSync(join(fixture.root, 'notes/a.md'), 'utf8')).toBe('# A\n');
  });

  it('answers refusals with an error the model can read, naming nothing outside the root', async () => {
    const audit = memoryAudit();
    const toolbox = createFileToolbox(fixture.root, { audit });
    const before = snapshot(fixture.base);
    const calls = [
      { name: 'read_file', args: { path: '../outside/secret.txt' } },
      { name: 'read_file', args: { path: join(fixture.outside, 'secret.txt') } },
      { name: 'write_file', args: { path: 'mid/evil.txt', content: 'x' } },
      { name: 'write_file', args: { path: 'dangling.txt', content: 'x' } },
      { name: 'list_files', args: { path: 'chain1' } },
    ];
    for (const [index, call] of calls.entries()) {
      const response = await toolbox.call({ id: String(index), ...call });
      const body = response.functionResponse.response;
      expect(body).toHaveProperty('error');
      const error = (body as { error: { name: string; message: string; code: string } }).error;
      expect(error.name).toBe('SandboxError');
      expect(['outside_root', 'symlink']).toContain(error.code);
      expect(JSON.stringify(response)).not.toContain(fixture.base);
    }
    expect(snapshot(fixture.base)).toEqual(before);
    expect(audit.entries.map((entry) => [entry.tool, entry.outcome])).toEqual(
      calls.map((call) => [call.name, 'error']),
    );
  });

  it('rejects bad arguments before the tool runs (schema from the manifest)', async () => {
    const audit = memoryAudit();
    const toolbox = createFileToolbox(fixture.root, { audit });
    const response = await toolbox.call({
      id: '1',
      name: 'write_file',
      args: { path: 'a.txt', content: 'x', mode: 'prepend' },
    });
    expect(response.functionResponse.response).toHaveProperty('error');
    expect(audit.entries).toEqual([]);
  });
  it('answers patterns it cannot take with an error the model can act on, hostile ones with a list', async () => {
    const toolbox = createFileToolbox(fixture.root, { audit: false, rateLimit: false });
    writeFileSync(join(fixture.root, 'sub', 'a'.repeat(200)), '');
    const list = async (pattern: string) =>
      (await toolbox.call({ id: 'l', name: 'list_files', args: { path: 'sub', pattern } })).functionResponse.response;
    for (const [pattern, message] of [
      ['!(*.md)', /^the pattern uses !\(\.\.\), which is not supported/],
      ['x'.repeat(65_536), /^the pattern is 65536 characters long; the limit is 1024/],
      ['*.@(ts|js', /^the pattern has an unclosed "@\(" at character 3/],
      ['{1..5..2}', /^the pattern has the range \{1\.\.5\.\.2\}, which is not supported/],
    ] as const) {
      const error = { name: 'SandboxError', code: 'invalid_argument', message: expect.stringMatching(message) };
      expect(await list(pattern)).toEqual({ error });
    }
    // Patterns that make a backtracking matcher run for minutes answer at once here (bounded work: glob.property.test).
    for (const pattern of ['+(*)+(*)+(*)+(*)+(*)+(*)x', `${'*a'.repeat(30)}*b`, '{1..100000}/**']) {
      expect(await list(pattern)).toEqual({ output: { paths: [], truncated: false } });
    }
    const long = `sub/${'a'.repeat(200)}`;
    expect(await list('{a,b}'.repeat(200))).toEqual({ output: { paths: [long], truncated: false } });
  });
});

describe('createFileToolbox', () => {
  it('returns as much of a file that needs escaping as the result cap holds, and says it was cut', async () => {
    const toolbox = createFileToolbox(fixture.root, { audit: false, rateLimit: false });
    writeFileSync(join(fixture.root, 'control.txt'), '\x01'.repeat(400 * 1024));
    const { response } = (await toolbox.call({ id: 'r', name: 'read_file', args: { path: 'control.txt' } }))
      .functionResponse;
    // Each \x01 takes 6 JSON characters; the cap is twice the 1 MiB read limit.
    expect(response).toEqual({ output: '\x01'.repeat(Math.floor((2 * 1024 * 1024 - 2) / 6)), truncated: true });
  });

  it('does not let the Toolbox cut a file that read_file accepts', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(fixture.root, 'large.txt'), 'y'.repeat(300_000));
    const plain = new Toolbox([new FileTools(fixture.root, { audit: false })], fileToolsManifest);
    const cut = await plain.call({ name: 'read_file', args: { path: 'large.txt' } });
    expect(cut.functionResponse.response).toMatchObject({ truncated: true });
    const whole = await createFileToolbox(fixture.root, { audit: false }).call({
      name: 'read_file',
      args: { path: 'large.txt' },
    });
    expect(whole.functionResponse.response).toEqual({ output: 'y'.repeat(300_000) });
  });
});
