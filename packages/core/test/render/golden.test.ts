// Every renderer over the one shared fixture set, compared with reviewed golden files.
// UPDATE_GOLDEN=1 rewrites the golden files from the code; review the diff before committing.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtures, goldenDir, targets } from './targets.js';

const update = process.env.UPDATE_GOLDEN === '1';

describe.each(Object.keys(targets))('golden output: %s', (target) => {
  const render = targets[target]!;

  it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))('%s', (_name, fixture) => {
    const file = join(goldenDir, target, `${fixture.name}.json`);
    const actual = `${JSON.stringify(render(fixture.tool), null, 2)}\n`;
    if (update) {
      mkdirSync(join(goldenDir, target), { recursive: true });
      writeFileSync(file, actual);
      return;
    }
    expect(existsSync(file), `${file} is missing: run with UPDATE_GOLDEN=1 and review it`).toBe(true);
    expect(actual).toBe(readFileSync(file, 'utf8'));
  });

  it('has no golden file without a fixture', () => {
    const names = new Set(fixtures.map((fixture) => `${fixture.name}.json`));
    const stale = existsSync(join(goldenDir, target))
      ? readdirSync(join(goldenDir, target)).filter((file) => !names.has(file))
      : [];
    expect(stale).toEqual([]);
  });
});
