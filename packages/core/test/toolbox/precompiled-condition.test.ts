// The `toolwright-precompiled` export condition: a bundle whose tools all bring validators from gen-tools
// --validators leaves ajv's compiler out. A tool without one fails its calls loudly, naming the condition and the fix.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const app = join(__dirname, 'fixtures/precompiled-condition-app.ts');

function run(conditions: string[]): unknown[] {
  const result = spawnSync(process.execPath, [...conditions.map((c) => `--conditions=${c}`), '--import', 'tsx', app], {
    cwd: join(__dirname, '..', '..'),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`node exited ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout) as unknown[];
}

describe('the toolwright-precompiled condition', () => {
  it('validates with precompiled validators and fails a tool without one loudly, on every call', () => {
    const [valid, invalid, plain, plainInvalid] = run(['@toolwright/source', 'toolwright-precompiled']) as Array<{
      output?: unknown;
      error?: { name: string; message: string; issues?: unknown[] };
    }>;
    expect(valid).toEqual({ output: 1 });
    expect(invalid!.error).toMatchObject({ name: 'InvalidArguments', issues: [{ path: '/a' }] });
    for (const reply of [plain, plainInvalid]) {
      expect(reply!.error!.name).toBe('ToolSchemaError');
      expect(reply!.error!.message).toMatch(
        /toolwright-precompiled\) has no validator compiler: run gen-tools with --validators/,
      );
    }
  });

  it('is not set by default: the same Toolbox compiles its validator', () => {
    const replies = run(['@toolwright/source']) as Array<{ output?: unknown; error?: { name: string } }>;
    expect(replies[2]).toEqual({ output: 1 });
    expect(replies[3]!.error!.name).toBe('InvalidArguments');
  });
});
