import type { ToolEntry } from './tool-entry.js';
import { dtoClasses } from '../schema/revival.js';
import { ts } from '../program/typescript.js';
import type { ReportAt } from '../diagnostics.js';

/**
 * Compiler options that make a project with tools fail later, at `tsc` or at start, told now at the first tool
 * concerned: DTO classes with class-validator's decorators under standard decorators, and a target that leaves
 * decorators in the JavaScript for a Node that cannot run them.
 */
export function checkDecoratorSettings(
  tools: readonly ToolEntry[],
  options: ts.CompilerOptions,
  report: ReportAt,
): void {
  if (options.experimentalDecorators) return;
  const first = tools[0];
  if (first && options.target === ts.ScriptTarget.ESNext && !options.noEmit && !options.emitDeclarationOnly) {
    report(
      first.sites.decorator,
      'TW6504',
      'target "esnext" leaves @tool() in the JavaScript that tsc writes, and no Node release runs decorators ' +
        '(SyntaxError at the "@"): set "target" to "es2022" (up to "es2025"), which compiles decorators to functions',
    );
  }
  const withDto = tools.find(({ tool }) =>
    tool.params.some((param) => param.revive && [...dtoClasses(param.revive)].some((dto) => dto.validate)),
  );
  if (withDto) {
    const dto = withDto.tool.params
      .flatMap((param) => (param.revive ? [...dtoClasses(param.revive)] : []))
      .find((found) => found.validate)!;
    report(
      withDto.sites.name,
      'TW6505',
      `DTO class ${dto.name} carries class-validator decorators, which are property decorators of the legacy kind: ` +
        'without "experimentalDecorators": true in the tsconfig, tsc rejects them (TS1240) and they never run: set ' +
        'it (@tool() works with both kinds)',
    );
  }
}
