import type { ManifestTool } from '@toolwright/core';
import { ts } from '../program/typescript.js';
import type { DecoratedMethod } from '../discover/find-tools.js';
import { GEMINI_MAX_TOOLS, GEMINI_TOOL_NAME, PORTABLE_TOOL_NAME_LENGTH } from '@toolwright/core';
import { projectPath } from './project-path.js';
import type { Report } from '../diagnostics.js';

export interface DescribedTool {
  tool: ManifestTool;
  found: DecoratedMethod;
  /** The parameter list the TS module checks the method against (see parameterSignature); none for a private method. */
  signature?: string | undefined;
}

/** Rules over the tool set as a whole: names Gemini takes, no name twice, no more tools than one Tool holds. */
export function checkTools(
  tools: readonly DescribedTool[],
  projectDir: string,
  report: Report,
  checker: ts.TypeChecker,
  maxTools = GEMINI_MAX_TOOLS,
): void {
  const byName = new Map<string, DescribedTool>();
  for (const entry of tools) {
    const { tool, found } = entry;
    const at = found.method.name;
    if (!GEMINI_TOOL_NAME.test(tool.name)) {
      report(
        at,
        'TW6001',
        `tool name "${tool.name}" is not accepted by Gemini (letters, digits, _ . : -, starting with a letter ` +
          'or _, at most 128)',
      );
    } else if (tool.name.length > PORTABLE_TOOL_NAME_LENGTH) {
      report(
        at,
        'TW6501',
        `tool name "${tool.name}" is longer than ${PORTABLE_TOOL_NAME_LENGTH} characters: Gemini takes it, ` +
          'other providers do not',
      );
    }
    const first = byName.get(tool.name);
    if (!first) {
      byName.set(tool.name, entry);
    } else if (!isOverride(first, entry, checker)) {
      const other = first.found.method;
      const file = other.getSourceFile();
      const { line, column } = lineAndColumn(file.text, other.name.getStart(file));
      const where = `${projectPath(projectDir, file.fileName)}:${line}:${column}`;
      report(
        at,
        'TW6002',
        `duplicate tool name "${tool.name}" ` +
          `(${found.className}.${found.methodName}): ${first.found.className}.${first.found.methodName} ` +
          `at ${where} has it too`,
      );
    }
  }
  // Gemini refuses more than 512 declarations in one request. A project that binds its tools in several Toolboxes
  // (each within the limit) says so with --max-tools; past that number it is an error.
  if (tools.length > maxTools) {
    const extra = tools[maxTools]!;
    const advice =
      maxTools === GEMINI_MAX_TOOLS
        ? `Gemini takes at most ${GEMINI_MAX_TOOLS} function declarations in one request. If the project binds ` +
          `its tools in several Toolboxes, each with at most ${GEMINI_MAX_TOOLS}, raise the limit with ` +
          `--max-tools ${tools.length}`
        : `the limit set with --max-tools is ${maxTools}`;
    report(extra.found.method.name, 'TW6003', `${tools.length} tools, and this is number ${maxTools + 1}: ${advice}`);
  } else if (tools.length > GEMINI_MAX_TOOLS) {
    const extra = tools[GEMINI_MAX_TOOLS]!;
    report(
      extra.found.method.name,
      'TW6502',
      `${tools.length} tools: a single Toolbox or Agent cannot send more than ${GEMINI_MAX_TOOLS} to Gemini ` +
        `(this is number ${GEMINI_MAX_TOOLS + 1}): bind them in several Toolboxes, each with at ` +
        `most ${GEMINI_MAX_TOOLS}`,
    );
  }
}

/**
 * A subclass that re-decorates a tool method it overrides keeps the name: each class gets its entry, and an
 * instance binds the entry of its own class.
 */
function isOverride(a: DescribedTool, b: DescribedTool, checker: ts.TypeChecker): boolean {
  if (a.found.methodName !== b.found.methodName) return false;
  return (
    extendsClass(a.found.classDeclaration, b.found.classDeclaration, checker) ||
    extendsClass(b.found.classDeclaration, a.found.classDeclaration, checker)
  );
}

function extendsClass(sub: ts.ClassDeclaration, base: ts.ClassDeclaration, checker: ts.TypeChecker): boolean {
  const seen = new Set<ts.ClassDeclaration>();
  for (let current = baseClass(sub, checker); current && !seen.has(current); current = baseClass(current, checker)) {
    if (current === base) return true;
    seen.add(current);
  }
  return false;
}

/** The class declaration a class extends, when its base types name exactly one (as ts-morph's `getBaseClass()`). */
function baseClass(declaration: ts.ClassDeclaration, checker: ts.TypeChecker): ts.ClassDeclaration | undefined {
  const baseTypes = (checker.getTypeAtLocation(declaration).getBaseTypes() ?? []).flatMap((type) =>
    type.flags & ts.TypeFlags.Intersection ? (type as ts.IntersectionType).types : [type],
  );
  const classes = baseTypes.flatMap((type) => type.getSymbol()?.declarations ?? []).filter(ts.isClassDeclaration);
  return classes.length === 1 ? classes[0] : undefined;
}

/** 1-based line (counted in `\n`) and column (from the last `\n` or `\r`) of a position, as ts-morph gave them. */
function lineAndColumn(text: string, pos: number): { line: number; column: number } {
  let line = 1;
  for (let i = 0; i < pos; i++) if (text.charCodeAt(i) === 10) line++;
  let lineStart = pos;
  while (lineStart > 0 && text.charCodeAt(lineStart - 1) !== 10 && text.charCodeAt(lineStart - 1) !== 13) lineStart--;
  return { line, column: pos - lineStart + 1 };
}
