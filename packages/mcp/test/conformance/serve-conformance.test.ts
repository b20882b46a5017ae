// The official MCP conformance suite against serveMcp, with sessions and stateless: every scenario of a feature
// toolwright offers passes, and the suite fails only the scenarios of features it leaves out (docs/mcp.md).
import { serveMcp, type HttpServe } from '@toolwright/mcp';
import { afterAll, describe, expect, it } from 'vitest';
import { conformanceToolbox } from './conformance-tools.js';
import { runConformance } from './run-conformance.js';
import { offeredScenarios, outOfScopeScenarios, sessionScenarios } from './server-scenarios.js';

describe.each([
  ['with sessions', true],
  ['stateless', false],
])('the conformance suite against serveMcp %s', (_, sessions) => {
  let served: HttpServe | undefined;
  afterAll(() => served?.close());

  it('passes every check of the features served, and fails only the scenarios left out', async () => {
    served = await serveMcp(conformanceToolbox(), { transport: 'http', sessions });
    const offered = sessions ? [...offeredScenarios, ...sessionScenarios] : offeredScenarios;
    const expectedFailures = sessions ? outOfScopeScenarios : [...outOfScopeScenarios, ...sessionScenarios];
    const run = await runConformance('server', ['--url', served.url, '--suite', 'all'], expectedFailures);
    const notPassed = offered.flatMap((scenario) => {
      const checks = run.scenarios.get(scenario);
      if (!checks?.length) return [`${scenario}: did not run`];
      return checks
        .filter((check) => check.status !== 'SUCCESS' && check.status !== 'INFO')
        .map((check) => `${scenario}: ${check.status} ${check.id} ${check.errorMessage ?? ''}`);
    });
    expect(notPassed).toEqual([]);
    // Exit 0: the suite failed exactly the scenarios left out (a stale entry or a new failure exits 1).
    expect(run.exitCode, run.output.slice(-4_000)).toBe(0);
  }, 300_000);
});
