import type { ManifestTool } from '@toolwright/core';
import type { DecoratedMethod } from '../discover/find-tools.js';
import { GEMINI_MAX_TOOLS, GEMINI_TOOL_NAME, PORTABLE_TOOL_NAME_LENGTH } from '@toolwright/core';
import { projectPath } from './project-path.js';
import type { ReportAt } from '../diagnostics.js';
import type { ToolEntry } from './tool-entry.js';

export interface DescribedTool {
  tool: ManifestTool;
  found: DecoratedMethod;
  /** The parameter list the TS module checks the method against (see parameterSignature); none for a private method. */
  signature?: string | undefined;
}

/**
 * Rules over the tool set as a whole: names Gemini takes, no name twice, no more tools than one Tool holds. `textOf`
 * gives the text of a file that declares tools (for the line and column of the first of two tools of one name).
 */
export function checkTools(
  tools: readonly ToolEntry[],
  projectDir: string,
  report: ReportAt,
  textOf: (fileName: string) => string,
  maxTools = GEMINI_MAX_TOOLS,
): void {
  const byName = new Map<string, ToolEntry>();
  for (const entry of tools) {
    const { tool } = entry;
    if (!GEMINI_TOOL_NAME.test(tool.name)) {
      report(
        entry.sites.name,
        'TW6001',
        `tool name "${tool.name}" is not accepted by Gemini (letters, digits, _ . : -, starting with a letter ` +
          'or _, at most 128)',
      );
    } else if (tool.name.length > PORTABLE_TOOL_NAME_LENGTH) {
      report(
        entry.sites.name,
        'TW6501',
        `tool name "${tool.name}" is longer than ${PORTABLE_TOOL_NAME_LENGTH} characters: Gemini takes it, ` +
          'other providers do not',
      );
    }
    const first = byName.get(tool.name);
    if (!first) {
      byName.set(tool.name, entry);
    } else if (!isOverride(first, entry)) {
      const file = first.sites.name.file;
      const { line, column } = lineAndColumn(textOf(file), first.nameStart);
      const where = `${projectPath(projectDir, file)}:${line}:${column}`;
      report(
        entry.sites.name,
        'TW6002',
        `duplicate tool name "${tool.name}" ` +
          `(${entry.className}.${entry.methodName}): ${first.className}.${first.methodName} ` +
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
    report(extra.sites.name, 'TW6003', `${tools.length} tools, and this is number ${maxTools + 1}: ${advice}`);
  } else if (tools.length > GEMINI_MAX_TOOLS) {
    const extra = tools[GEMINI_MAX_TOOLS]!;
    report(
      extra.sites.name,
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
function isOverride(a: ToolEntry, b: ToolEntry): boolean {
  if (a.methodName !== b.methodName) return false;
  const [classA, ...basesOfA] = a.classChain;
  const [classB, ...basesOfB] = b.classChain;
  return basesOfA.includes(classB!) || basesOfB.includes(classA!);
}

/** 1-based line (counted in `\n`) and column (from the last `\n` or `\r`) of a position, as ts-morph gave them. */
function lineAndColumn(text: string, pos: number): { line: number; column: number } {
  let line = 1;
  for (let i = 0; i < pos; i++) if (text.charCodeAt(i) === 10) line++;
  let lineStart = pos;
  while (lineStart > 0 && text.charCodeAt(lineStart - 1) !== 10 && text.charCodeAt(lineStart - 1) !== 13) lineStart--;
  return { line, column: pos - lineStart + 1 };
}
