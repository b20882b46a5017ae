import { join } from 'node:path';
import { generate } from '@toolwright/gen';
import { describe, expect, it } from 'vitest';

const exampleDir = join(__dirname, '..');

describe('the edge worker example', () => {
  it('has its manifest and validators up to date (npm run gen)', async () => {
    const result = await generate({
      project: 'tsconfig.json',
      out: 'src/tools.generated.ts',
      validators: 'src/tools.validators.ts',
      json: 'tools.json',
      check: true,
      cwd: exampleDir,
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.stale.map((stale) => stale.file)).toEqual([]);
    expect(result.outputs.map((output) => output.file).sort()).toEqual(
      ['src/tools.generated.ts', 'src/tools.validators.ts', 'tools.json'].map((file) => join(exampleDir, file)),
    );
  });
});
