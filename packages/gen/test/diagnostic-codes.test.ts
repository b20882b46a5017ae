// Codes on gen-tools' diagnostics: each code of the table is reported somewhere and documented in the README; the
// CLI prints it; a warning is left out by its code (--ignore, `ignore`), an error never, and a cached result
// answers another --ignore without a new reading. The golden diagnostics (fixtures/*/expected-diagnostics.txt)
// pin the code of each diagnostic they hold.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES, generate, UsageError } from '@toolwright/gen';
import { genTools as cli } from './helpers/run-cli.js';
import { repoRoot, TEST_TSCONFIG } from './helpers/temp-project.js';

const src = join(repoRoot, 'packages/gen/src');
const codes = Object.keys(DIAGNOSTIC_CODES);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.c?ts$/.test(path) ? [path] : [];
  });
}

// A tool without a description (TW5501), a @param naming no parameter (TW4504), a method-level @minimum naming no
// parameter (TW4505).
const SERVICE = `import { tool } from '@toolwright/core';
export class Shop {
  /**
   * @param nothing Not a parameter.
   * @minimum 1
   */
  @tool()
  find(query: string): string {
    return query;
  }
}
`;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolwright-gen-codes-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'node_modules/@toolwright'), { recursive: true });
  symlinkSync(join(repoRoot, 'packages/core'), join(dir, 'node_modules/@toolwright/core'), 'dir');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TEST_TSCONFIG));
  writeFileSync(join(dir, 'src/shop.ts'), SERVICE);
  return dir;
}

describe('diagnostic codes', () => {
  it('each code is TW, its stage (1-6), 0 for an error or 5 for a warning, and a number', () => {
    for (const [code, { severity }] of Object.entries(DIAGNOSTIC_CODES)) {
      expect(code).toMatch(/^TW[1-6][05]\d\d$/);
      expect(code[3], code).toBe(severity === 'error' ? '0' : '5');
    }
  });

  it('every code of the table is reported somewhere in gen, and every code reported is in the table', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      if (file.endsWith('diagnostic-codes.ts')) continue;
      for (const [code] of readFileSync(file, 'utf8').matchAll(/'TW\d{4}'/g)) used.add(code.slice(1, -1));
    }
    expect(codes.filter((code) => !used.has(code))).toEqual([]);
    expect([...used].filter((code) => !codes.includes(code))).toEqual([]);
  });

  it("the README's table of diagnostics lists every code with its severity, in order", () => {
    const readme = readFileSync(join(repoRoot, 'packages/gen/README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `(TW\d{4})` \| (error|warning) \|/gm)].map(([, code, severity]) => [
      code,
      severity,
    ]);
    expect(rows).toEqual(Object.entries(DIAGNOSTIC_CODES).map(([code, { severity }]) => [code, severity]));
  });

  it('`ignore` leaves out the warnings of the codes given, and no other', async () => {
    const cwd = project();
    const options = { cwd, out: false as const, json: 'tools.json', check: true };
    const all = await generate(options);
    expect(all.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['TW4504', 'TW4505', 'TW5501']);
    const some = await generate({ ...options, ignore: ['TW5501', 'TW4505'] });
    expect(some.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['TW4504']);
    expect(some.manifest).toEqual(all.manifest);
  });

  it('refuses to ignore an error, or a code no diagnostic has', async () => {
    const cwd = project();
    await expect(generate({ cwd, ignore: ['TW3001'] })).rejects.toThrow(
      new UsageError('--ignore TW3001: TW3001 is an error, and errors cannot be silenced (only warnings)'),
    );
    await expect(generate({ cwd, ignore: ['TW9999'] })).rejects.toThrow(/--ignore TW9999: no diagnostic has this code/);
    await expect(generate({ cwd, ignore: ['tw5501'] })).rejects.toThrow(UsageError);
    const refused = await cli(cwd, '--ignore', 'TW5501,TW6001');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('TW6001 is an error, and errors cannot be silenced');
  });

  it('the CLI prints each code, takes --ignore repeated or comma-separated, and applies it to a cached result', async () => {
    const cwd = project();
    const first = await cli(cwd);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/^src\/shop\.ts:8:3: warning TW5501: tool Shop\.find has no description/m);
    expect(first.stderr).toMatch(/: warning TW4504: @param nothing names no parameter/);
    expect(first.stderr).toMatch(/: warning TW4505: @minimum on a method applies to a parameter/);
    // Served by the cache (nothing changed): the warnings ignored are left out, the others kept.
    const ignored = await cli(cwd, '--ignore', 'TW5501', '--ignore=TW4505');
    expect(ignored.code).toBe(0);
    expect(ignored.stderr).not.toMatch(/TW5501|TW4505/);
    expect(ignored.stderr).toMatch(/warning TW4504/);
    const again = await cli(cwd, '--ignore', 'TW4504,TW4505');
    expect(again.stderr).not.toMatch(/TW4504|TW4505/);
    expect(again.stderr).toMatch(/warning TW5501/);
    const hit = await generate({ cwd, cache: true, ignore: ['TW4504'] });
    expect(hit.cached).toBe(true);
    expect(hit.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['TW4505', 'TW5501']);
  });
});
