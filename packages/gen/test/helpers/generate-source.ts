import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { formatDiagnostic, generate } from '@toolwright/gen';
import type { ManifestTool } from '@toolwright/core';
import { repoRoot, TEST_TSCONFIG } from './temp-project.js';

/**
 * Runs gen-tools (`--check`, so nothing is written) on service files in a new project, removed after the test file:
 * the tools by name and the diagnostics as printed. One source is `src/service.ts`, with `tool` imported.
 */
export function sourceRunner(
  prefix: string,
): (
  source: string | Record<string, string>,
) => Promise<{ tools: Record<string, ManifestTool>; diagnostics: string[] }> {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return async (source) => {
    const dir = mkdtempSync(join(tmpdir(), `toolwright-gen-${prefix}-`));
    dirs.push(dir);
    mkdirSync(join(dir, 'src'));
    mkdirSync(join(dir, 'node_modules/@toolwright'), { recursive: true });
    symlinkSync(join(repoRoot, 'packages/core'), join(dir, 'node_modules/@toolwright/core'), 'dir');
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TEST_TSCONFIG));
    const files =
      typeof source === 'string' ? { 'src/service.ts': `import { tool } from '@toolwright/core';\n${source}` } : source;
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    const result = await generate({ cwd: dir, out: false, json: 'tools.json', check: true });
    const manifest = result.manifest ?? { tools: [] };
    return {
      tools: Object.fromEntries(manifest.tools.map((tool) => [tool.name, tool as ManifestTool])),
      diagnostics: result.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, dir)),
    };
  };
}
