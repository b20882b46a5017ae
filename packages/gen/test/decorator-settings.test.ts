// Compiler options that would make a project with tools fail later (tsc's TS1240 on DTOs, a SyntaxError at start on
// Node) are told by gen-tools now, as warnings at the first tool concerned.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic, generate } from '@toolwright/gen';
import { repoRoot } from './helpers/temp-project.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const SERVICE = [
  "import { tool } from '@toolwright/core';",
  "import { IsEmail } from 'class-validator';",
  'export class Signup {',
  '  /** Where to write. */',
  '  @IsEmail()',
  '  email!: string;',
  '}',
  'export class Accounts {',
  '  /** Looks a user up. */',
  '  @tool()',
  '  find(name: string): string { return name; }',
  '  /** Signs a user up. */',
  '  @tool()',
  '  signup(form: Signup): string { return form.email; }',
  '}',
].join('\n');

/** gen-tools' warnings for the service under these compiler options, as the CLI prints them. */
async function warnings(compilerOptions: Record<string, unknown>, source = SERVICE): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'toolwright-gen-decorators-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'node_modules/@toolwright'), { recursive: true });
  symlinkSync(join(repoRoot, 'packages/core'), join(dir, 'node_modules/@toolwright/core'), 'dir');
  symlinkSync(join(repoRoot, 'node_modules/class-validator'), join(dir, 'node_modules/class-validator'), 'dir');
  const options = { module: 'NodeNext', strict: true, skipLibCheck: true, ...compilerOptions };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, include: ['src'] }));
  writeFileSync(join(dir, 'src/accounts.ts'), source);
  const result = await generate({ cwd: dir, out: false, json: 'tools.json', check: true });
  return result.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic, dir));
}

describe('gen-tools warns about decorator settings', () => {
  it('a target that leaves decorators in the JavaScript tsc writes (esnext, what tsc --init of TypeScript 7 gives)', async () => {
    const found = await warnings({ target: 'esnext', experimentalDecorators: true });
    expect(found).toEqual([]);
    const plain = SERVICE.replace(/.*class-validator.*\n/, '').replace('  @IsEmail()\n', '');
    expect(await warnings({ target: 'esnext' }, plain)).toEqual([
      'src/accounts.ts:8:3: warning TW6504: target "esnext" leaves @tool() in the JavaScript that tsc writes, and no Node ' +
        'release runs decorators (SyntaxError at the "@"): set "target" to "es2022" (up to "es2025"), which compiles ' +
        'decorators to functions',
    ]);
    // tsc writes no JavaScript (a bundler or tsx does), or compiles decorators: nothing to say.
    expect(await warnings({ target: 'esnext', noEmit: true }, plain)).toEqual([]);
    expect(await warnings({ target: 'es2025' }, plain)).toEqual([]);
  });

  it('a DTO class with class-validator decorators under standard decorators', async () => {
    expect(await warnings({ target: 'es2022' })).toEqual([
      'src/accounts.ts:14:3: warning TW6505: DTO class Signup carries class-validator decorators, which are property ' +
        'decorators of the legacy kind: without "experimentalDecorators": true in the tsconfig, tsc rejects them ' +
        '(TS1240) and they never run: set it (@tool() works with both kinds)',
    ]);
    expect(await warnings({ target: 'es2022', experimentalDecorators: true })).toEqual([]);
  });
});
