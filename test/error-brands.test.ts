// Every package ships an ES module build and a CommonJS one, so one process can hold two copies of a package: an
// app's import of one build and a dependency's require of the other. An error class of one copy fails `instanceof`
// against the other. The errors that cross packages carry a Symbol.for brand that `isInstance` reads. The fixture
// loads both built copies of core and of genai in plain node (vitest would resolve the sources) and crosses them.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);

it('isInstance knows the errors of the other build of core and of genai, where instanceof does not', async () => {
  const script = join(__dirname, 'fixtures/error-brands/cross-builds.mjs');
  const env = { ...process.env, NODE_OPTIONS: '' };
  const { stdout } = await run(process.execPath, [script], { cwd: __dirname, env });
  const only = (own: string) =>
    Object.fromEntries(
      ['AgentError', 'AgentApiError', 'AgentAbortedError', 'AgentHookError', 'AgentStreamError'].map((name) => [
        name,
        name === 'AgentError' || name === own,
      ]),
    );
  const core = { abort: true, timeout: true, abortTakenForTimeout: false, timeoutTakenForAbort: false };
  expect(JSON.parse(stdout)).toEqual({
    twoCopies: { core: true, genai: true, instanceofAcross: false },
    'core cjsToEsm': core,
    'core esmToCjs': core,
    'genai api': only('AgentApiError'),
    'genai aborted': only('AgentAbortedError'),
    'genai hook': only('AgentHookError'),
    'genai stream': only('AgentStreamError'),
    lookalikes: false,
    toolSawTimeout: { isInstance: true, instanceOf: false, answer: 'TimeoutError' },
    cjsRunAborted: { aborted: true, agentError: true, instanceOf: false },
  });
});
