import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ToolManifest } from '@toolwright/core';
import { expect } from 'vitest';
import { ts } from '../../src/program/typescript.js';
import { hostParsingDeclarationsOnce } from '../../../../test/support/declaration-files-once.js';

/** Type errors in a generated module, checked against its project's tsconfig, as `line:col message`. */
export function typeCheckModule(tsconfig: string, moduleFile: string): string[] {
  const { config } = ts.readConfigFile(tsconfig, (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, dirname(tsconfig));
  const program = ts.createProgram([moduleFile], options, hostParsingDeclarationsOnce(options));
  const source = program.getSourceFile(moduleFile)!;
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((diagnostic) => {
    const { line, character } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return `${line + 1}:${character + 1} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

/**
 * Imports a generated module and checks that each tool's `target()` is the very class exported by the tool's
 * file under the tool's class name, and that the module's data is the manifest generate() returned.
 */
export async function importModule(projectDir: string, moduleFile: string, expected: ToolManifest): Promise<void> {
  const generated = (await import(pathToFileURL(moduleFile).href)) as { manifest: ToolManifest; default: ToolManifest };
  expect(generated.default).toBe(generated.manifest);
  const { dtoModules, ...data } = generated.manifest;
  expect(JSON.parse(JSON.stringify(data))).toEqual(expected);
  // The DTO libraries, imported where a revival builds a DTO class; class-validator where one has its decorators.
  const revivals = JSON.stringify(expected.tools);
  const exported = (module: object | undefined, name: string) => typeof (module as Record<string, unknown>)?.[name];
  expect(exported(dtoModules?.classTransformer, 'plainToInstance')).toBe(
    revivals.includes('"kind":"class"') ? 'function' : 'undefined',
  );
  expect(exported(dtoModules?.classValidator, 'validate')).toBe(
    revivals.includes('"validate":true') ? 'function' : 'undefined',
  );
  for (const tool of generated.manifest.tools) {
    const target = tool.target?.();
    expect(typeof target, `${tool.class}.${tool.method}`).toBe('function');
    const source = (await import(pathToFileURL(join(projectDir, tool.file)).href)) as Record<string, unknown>;
    const exported = Object.values(source).filter((value) => value === target);
    expect(exported.length, `${tool.class} exported by ${tool.file}`).toBeGreaterThan(0);
    expect((target as { name: string }).name).toBe(tool.class);
    expect(typeof (target as { prototype: Record<string, unknown> }).prototype[tool.method]).toBe('function');
  }
}
