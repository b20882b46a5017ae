// connectMcp pointed at a hostile server (support/hostile-server.ts): pages that never end, progress that never
// stops, 8 MB answers and a catastrophic pattern. Each is bounded: an error that says which bound, in a time and with
// a heap growth far below what the unbounded client took (the issue measured 294 -> 809 MiB in 15 s for the pages).
// The bounds asserted are loose, for a loaded machine.
import { connectMcp } from '@toolwright/mcp';
import { describe, expect, it } from 'vitest';
import { heapGrowth } from '../../../test/support/heap-growth.js';
import { budget } from '../../../test/support/time-budget.js';
import { hostileClient } from './support/hostile-server.js';

describe('a hostile MCP server', () => {
  it('fails connectMcp with a clear error when tools/list sends new cursors for ever', async () => {
    const { client, stats } = await hostileClient({ endlessPages: 5 });
    const grown = heapGrowth();
    const started = Date.now();
    await expect(connectMcp(client)).rejects.toThrow(
      /tools\/list goes on past 100 pages \(500 tools so far\): raise connectMcp option maxPages/,
    );
    expect(stats.pages).toBe(100);
    expect(Date.now() - started).toBeLessThan(budget(10_000));
    expect(grown()).toBeLessThan(100);
    await client.close();
  });

  it('fails the listing past maxTools, naming the option and the filters', async () => {
    const { client, stats } = await hostileClient({ endlessPages: 50 });
    await expect(connectMcp(client, { maxTools: 120, maxPages: 1_000 })).rejects.toThrow(
      /more than 120 tools \(150 after 3 pages\): raise connectMcp option maxTools, .*include or exclude/,
    );
    expect(stats.pages).toBe(3);
    await client.close();
  });

  it('ends a call whose server sends progress for ever at the time limit, which progress does not extend', async () => {
    const { client } = await hostileClient();
    const remote = await connectMcp(client);
    let heard = 0;
    const started = Date.now();
    const answer = await remote.call({ name: 'chatter', args: {} }, { timeoutMs: 400, onProgress: () => heard++ });
    const took = Date.now() - started;
    expect(answer.functionResponse.response).toEqual({
      error: {
        name: 'TimeoutError',
        message: 'Tool "chatter" did not finish within 400 ms',
        toolName: 'chatter',
        timeoutMs: 400,
      },
    });
    expect(heard).toBeGreaterThan(3);
    expect(took).toBeGreaterThanOrEqual(390);
    expect(took).toBeLessThan(budget(5_000));
    // connectMcp's own limit is a total too.
    const limited = await connectMcp(client, { timeoutMs: 300 });
    const again = await limited.call({ name: 'chatter', args: {} }, { onProgress: () => {} });
    expect(again.functionResponse.response).toMatchObject({ error: { name: 'TimeoutError' } });
    await client.close();
  });

  it(
    'cuts 8 MB answers to maxResultSize with the Toolbox truncation marker',
    async () => {
      const { client } = await hostileClient();
      const remote = await connectMcp(client);
      const text = await remote.call({ name: 'flood', args: {} });
      const textResponse = text.functionResponse.response as { output: string; truncated?: true };
      expect(textResponse.truncated).toBe(true);
      expect(JSON.stringify(textResponse.output).length).toBeLessThanOrEqual(100_000);

      const structured = await remote.call({ name: 'flood_structured', args: {} });
      const structuredResponse = structured.functionResponse.response as {
        output: { rows: unknown[] };
        truncated?: true;
      };
      expect(structuredResponse.truncated).toBe(true);
      expect(JSON.stringify(structuredResponse.output).length).toBeLessThanOrEqual(100_000);
      expect(structuredResponse.output.rows.length).toBeGreaterThan(100);

      const failed = await remote.call({ name: 'flood_error', args: {} });
      const error = (failed.functionResponse.response as { error: { name: string; message: string } }).error;
      expect(error.name).toBe('ToolError');
      expect(error.message.length).toBeLessThanOrEqual(100_000);
      expect(error.message.startsWith('eeee')).toBe(true);

      const small = await connectMcp(client, { maxResultSize: 1_000 });
      const cut = (await small.call({ name: 'flood', args: {} })).functionResponse.response as { output: string };
      expect(JSON.stringify(cut.output).length).toBeLessThanOrEqual(1_000);
      await client.close();
    },
    budget(30_000),
  );
});

describe('patterns from a hostile server', () => {
  it('checks ^(a+)+$ in linear time, and leaves a pattern RE2 cannot express to the server, with a warning', async () => {
    const { client } = await hostileClient();
    const remote = await connectMcp(client);
    const started = Date.now();
    // 10,000 characters: a backtracking engine would not finish in the life of the machine.
    const evil = await remote.call({ name: 'evil_pattern', args: { word: `${'a'.repeat(10_000)}!` } });
    expect(Date.now() - started).toBeLessThan(budget(2_000));
    expect(evil.functionResponse.response).toMatchObject({
      error: { name: 'InvalidArguments', issues: [{ path: '/word', expected: 'string matching /^(a+)+$/' }] },
    });
    const fine = await remote.call({ name: 'evil_pattern', args: { word: 'aaaa' } });
    expect(fine.functionResponse.response).toEqual({ output: 'called evil_pattern' });

    expect(remote.warnings.filter((warning) => warning.tool === 'lookahead')).toEqual([
      {
        code: 'pattern-unchecked',
        path: '/properties/word/pattern',
        tool: 'lookahead',
        message: expect.stringMatching(
          /^the pattern "\^\(\?=a\)\\\\w\+\$" is not one RE2 can test in linear time: .*\(\?=/,
        ),
      },
    ]);
    // Left to the server: the call goes through.
    const lookahead = await remote.call({ name: 'lookahead', args: { word: 'b' } });
    expect(lookahead.functionResponse.response).toEqual({ output: 'called lookahead' });
    await client.close();
  });

  it('checks patternProperties keys on the same engine, and leaves a key RE2 cannot express to the server', async () => {
    const { client } = await hostileClient();
    const remote = await connectMcp(client);
    const unchecked = remote.warnings.filter((warning) => warning.code === 'pattern-unchecked');
    expect(unchecked.filter((warning) => warning.tool === 'evil_keys')).toEqual([
      {
        code: 'pattern-unchecked',
        path: '/patternProperties/^(?=x)\\w+$',
        tool: 'evil_keys',
        message: expect.stringMatching(/^the pattern "\^\(\?=x\)\\\\w\+\$" is not one RE2 can test in linear time/),
      },
    ]);
    // The key RE2 cannot express is gone, and additionalProperties with it (it would refuse what the key let in).
    const declared = remote.declarations().find((declaration) => declaration.name === 'evil_keys');
    expect(JSON.stringify(declared)).not.toContain('(?=x)');
    const started = Date.now();
    const evil = await remote.call({ name: 'evil_keys', args: { [`${'b'.repeat(10_000)}!`]: 1, bbbb: 2 } });
    expect(Date.now() - started).toBeLessThan(budget(2_000));
    expect(evil.functionResponse.response).toMatchObject({
      error: { name: 'InvalidArguments', issues: [{ path: '/bbbb' }] },
    });
    const passed = await remote.call({ name: 'evil_keys', args: { xy: 3, bb: 'text' } });
    expect(passed.functionResponse.response).toEqual({ output: 'called evil_keys' });
    await client.close();
  });
});
