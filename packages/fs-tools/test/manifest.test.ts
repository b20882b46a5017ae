// The committed manifest must be what gen-tools makes from the class today (`pnpm run gen` regenerates it).
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { generate } from '@toolwright/gen';

it('src/tools.generated.ts is up to date with FileTools', async () => {
  const result = await generate({
    cwd: join(__dirname, '..'),
    project: 'tsconfig.json',
    out: 'src/tools.generated.ts',
    check: true,
  });
  expect(result.diagnostics).toEqual([]);
  expect(result.stale).toEqual([]);
  expect(result.manifest.tools.map((tool) => tool.name)).toEqual(['list_files', 'read_file', 'write_file']);
});
