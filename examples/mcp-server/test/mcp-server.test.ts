// The example as a host runs it: spawned over stdio and driven by the official MCP SDK client.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budget } from '../../../test/support/time-budget.js';

const example = fileURLToPath(new URL('../', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

describe('examples/mcp-server', () => {
  let folder: string;
  let client: Client;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'toolwright-mcp-server-'));
    cpSync(join(example, 'workspace'), folder, { recursive: true });
    client = new Client({ name: 'host', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--conditions=@toolwright/source', '--import', 'tsx', join(example, 'src/main.ts'), folder],
        cwd: repoRoot,
        stderr: 'ignore',
      }),
    );
  }, budget(30_000));
  afterAll(async () => {
    await client?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('lists the file tools and reads and writes inside its folder only', async () => {
    expect(client.getServerVersion()?.name).toBe('toolwright-files');
    expect(client.getInstructions()).toContain(folder);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
      'list_files',
      'read_file',
      'write_file',
    ]);
    const read = await client.callTool({ name: 'read_file', arguments: { path: 'notes.md' } });
    expect((read.content as { text: string }[])[0]!.text).toContain('TODO: try the MCP server');
    await client.callTool({ name: 'write_file', arguments: { path: 'out.md', content: 'written over MCP' } });
    expect(readFileSync(join(folder, 'out.md'), 'utf8')).toBe('written over MCP');
    const escaped = await client.callTool({ name: 'read_file', arguments: { path: '../secrets.txt' } });
    expect(escaped.isError).toBe(true);
    expect((escaped.content as { text: string }[])[0]!.text).toMatch(/outside the root/);
  });
});
