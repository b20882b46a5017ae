import type { ManifestTool } from '@toolwright/core';
import type { ClassDeclaration } from './ts-morph.js';
import type { DecoratedMethod } from './find-tools.js';
import { GEMINI_MAX_TOOLS, GEMINI_TOOL_NAME, PORTABLE_TOOL_NAME_LENGTH } from './gemini-names.js';
import { projectPath } from './project-path.js';
import type { Report } from './schema/contract.js';

export interface DescribedTool {
  tool: ManifestTool;
  found: DecoratedMethod;
}

/** Rules over the tool set as a whole: names Gemini takes, no name twice, no more tools than one Tool holds. */
export function checkTools(tools: readonly DescribedTool[], projectDir: string, report: Report, maxTools = GEMINI_MAX_TOOLS): void {
  const byName = new Map<string, DescribedTool>();
  for (const entry of tools) {
    const { tool, found } = entry;
    const at = found.method.getNameNode();
    if (!GEMINI_TOOL_NAME.test(tool.name)) {
      report(at, 'error', `tool name "${tool.name}" is not accepted by Gemini (letters, digits, _ . : -, starting with a letter or _, at most 128)`);
    } else if (tool.name.length > PORTABLE_TOOL_NAME_LENGTH) {
      report(at, 'warning', `tool name "${tool.name}" is longer than ${PORTABLE_TOOL_NAME_LENGTH} characters: Gemini takes it, other providers do not`);
    }
    const first = byName.get(tool.name);
    if (!first) {
      byName.set(tool.name, entry);
    } else if (!isOverride(first, entry)) {
      const other = first.found.method;
      const { line, column } = other.getSourceFile().getLineAndColumnAtPos(other.getNameNode().getStart());
      const where = `${projectPath(projectDir, other.getSourceFile().getFilePath())}:${line}:${column}`;
      report(
        at,
        'error',
        `duplicate tool name "${tool.name}" (${found.className}.${found.methodName}): ${first.found.className}.${first.found.methodName} at ${where} has it too`,
      );
    }
  }
  // Gemini refuses more than 512 declarations in one request. A project that binds its tools in several Toolboxes
  // (each within the limit) says so with --max-tools; past that number it is an error.
  if (tools.length > maxTools) {
    const extra = tools[maxTools]!;
    const advice =
      maxTools === GEMINI_MAX_TOOLS
        ? `Gemini takes at most ${GEMINI_MAX_TOOLS} function declarations in one request. If the project binds its tools in several Toolboxes, each with at most ${GEMINI_MAX_TOOLS}, raise the limit with --max-tools ${tools.length}`
        : `the limit set with --max-tools is ${maxTools}`;
    report(extra.found.method.getNameNode(), 'error', `${tools.length} tools, and this is number ${maxTools + 1}: ${advice}`);
  } else if (tools.length > GEMINI_MAX_TOOLS) {
    const extra = tools[GEMINI_MAX_TOOLS]!;
    report(
      extra.found.method.getNameNode(),
      'warning',
      `${tools.length} tools: a single Toolbox or Agent cannot send more than ${GEMINI_MAX_TOOLS} to Gemini (this is number ${GEMINI_MAX_TOOLS + 1}): bind them in several Toolboxes, each with at most ${GEMINI_MAX_TOOLS}`,
    );
  }
}

/**
 * A subclass that re-decorates a tool method it overrides keeps the name: each class gets its entry, and an
 * instance binds the entry of its own class.
 */
function isOverride(a: DescribedTool, b: DescribedTool): boolean {
  if (a.found.methodName !== b.found.methodName) return false;
  return extendsClass(a.found.classDeclaration, b.found.classDeclaration) || extendsClass(b.found.classDeclaration, a.found.classDeclaration);
}

function extendsClass(sub: ClassDeclaration, base: ClassDeclaration): boolean {
  // Compared by compiler node: in watch mode, the tools of an unchanged file keep wrappers from an earlier run.
  const seen = new Set<unknown>();
  for (let current = sub.getBaseClass(); current && !seen.has(current.compilerNode); current = current.getBaseClass()) {
    if (current.compilerNode === base.compilerNode) return true;
    seen.add(current.compilerNode);
  }
  return false;
}
