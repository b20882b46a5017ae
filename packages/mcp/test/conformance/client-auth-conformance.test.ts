// The official MCP conformance suite's client auth/* scenarios against connectMcp with an `authProvider` (the runner
// is auth-client.ts, a user's code as docs/mcp-import.md writes it). The suite starts its own MCP server and
// authorization server per scenario, on loopback; nothing leaves the machine.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, tsNode } from '../support/processes.js';
import { runConformance } from './run-conformance.js';

/** None fails with our client: any failure fails the test. */
const EXPECTED_FAILURES: readonly string[] = [];

describe('the conformance suite client auth scenarios against connectMcp', () => {
  it('passes every scenario but the known ones, each check of them', async () => {
    const runner = join(repoRoot, 'packages/mcp/test/conformance/auth-client.ts');
    const loader = join(repoRoot, 'node_modules/tsx/dist/loader.mjs');
    const command = [tsNode.command, '--conditions=@toolwright/source', '--import', loader, runner].join(' ');
    const run = await runConformance(
      'client',
      ['--command', command, '--suite', 'auth', '--timeout', '120000'],
      EXPECTED_FAILURES,
      420_000,
    );
    const results = [...run.scenarios].map(([scenario, checks]) => {
      const bad = checks.filter((check) => check.status !== 'SUCCESS' && check.status !== 'INFO');
      return `${scenario}: ${bad.length === 0 ? 'pass' : bad.map((check) => `${check.status} ${check.id}`).join(', ')}`;
    });
    console.log(results.join('\n'));
    expect(run.scenarios.size, run.output.slice(-4_000)).toBeGreaterThanOrEqual(14);
    const unexpected = results.filter(
      (line) => !line.endsWith(': pass') && !EXPECTED_FAILURES.some((name) => line.startsWith(`${name}:`)),
    );
    expect(unexpected).toEqual([]);
    // Exit 0: exactly the expected scenarios failed (a new failure, or an expected one passing, exits 1).
    expect(run.exitCode, run.output.slice(-4_000)).toBe(0);
  }, 480_000);
});
