// The bin's V8 tiering (src/cli/tiering.ts): the flag chosen for each V8 that Node 20, 22 and 24 carry, none for a V8
// it does not know (V8 prints an error for a flag it lacks), the user's own tiering flags left standing, and the
// flag this Node gets accepted by its V8 in a child process, as the bin sets it, without a word on stderr.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tieringFlag, userSetsTiering } from '../src/cli/tiering.js';
import { repoRoot } from './helpers/temp-project.js';

const tsx = pathToFileURL(join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;
const tiering = join(repoRoot, 'packages/gen/src/cli/tiering.ts');

describe("the bin's V8 tiering", () => {
  it('picks the flag of each known V8 and none for another', () => {
    expect(tieringFlag('11.3.244.8-node.38')).toBe('--interrupt-budget=540672');
    expect(tieringFlag('12.4.254.21-node.57')).toBe('--invocation-count-for-turbofan=24000');
    expect(tieringFlag('13.6.233.17-node.53')).toBe('--invocation-count-for-turbofan=24000');
    expect(tieringFlag('10.2.154.26-node.26')).toBeUndefined();
    expect(tieringFlag('14.1.0')).toBeUndefined();
    expect(tieringFlag('')).toBeUndefined();
  });

  it("leaves the user's own tiering flags standing, from node's arguments or NODE_OPTIONS", () => {
    expect(userSetsTiering([], undefined)).toBe(false);
    expect(userSetsTiering(['--max-old-space-size=4096', '--conditions=x'], '--enable-source-maps')).toBe(false);
    expect(userSetsTiering(['--interrupt-budget=1000'], undefined)).toBe(true);
    expect(userSetsTiering(['--interrupt_budget=1000'], undefined)).toBe(true);
    expect(userSetsTiering([], '--inspect --invocation-count-for-turbofan=10')).toBe(true);
    expect(userSetsTiering(['--no-opt'], '')).toBe(true);
    expect(userSetsTiering([], '--max-opt=2')).toBe(true);
  });

  it("sets a flag this Node's V8 accepts, silently, and none when the user set theirs", () => {
    const script = `import(${JSON.stringify(pathToFileURL(tiering).href)}).then(({ raiseTieringBudget }) =>
      console.log(JSON.stringify(raiseTieringBudget() ?? null)));`;
    const run = (nodeArgs: string[]) =>
      spawnSync(process.execPath, [...nodeArgs, '--import', tsx, '-e', script], {
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '' },
      });
    const set = run([]);
    expect(set.stderr).toBe('');
    expect(JSON.parse(set.stdout)).toBe(tieringFlag(process.versions.v8) ?? null);
    const own = run(['--max-opt=3']);
    expect(own.stderr).toBe('');
    expect(JSON.parse(own.stdout)).toBeNull();
  });
});
