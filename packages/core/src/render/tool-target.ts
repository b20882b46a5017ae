import type { DeclaredTool, RenderResult, RenderWarning } from './types.js';

/**
 * One target for whole tools (a Gemini declaration, an OpenAI, Anthropic or MCP tool): its naming rule and the
 * shape a tool takes there. {@link renderTool} does what every target shares.
 */
export interface ToolTarget<T, Options> {
  /** The target's rule for tool names. */
  readonly names: RegExp;
  /** What the warning says of a name that breaks the rule. */
  nameMessage(name: string): string;
  /** The tool in the target's shape; what its schema could not say goes to `warnings`. */
  build(tool: DeclaredTool, options: Options, warnings: RenderWarning[]): T;
}

/** Renders one tool for a target: a name that breaks the target's rule is a warning; every warning names the tool. */
export function renderTool<T, Options>(
  target: ToolTarget<T, Options>,
  tool: DeclaredTool,
  options: Options,
): RenderResult<T> {
  const warnings: RenderWarning[] = [];
  if (!target.names.test(tool.name)) {
    warnings.push({ code: 'name-invalid', path: '', message: target.nameMessage(tool.name) });
  }
  const output = target.build(tool, options, warnings);
  return { output, warnings: warnings.map((warning) => ({ ...warning, tool: tool.name })) };
}

/** The tool's name and, when it has one, its description: the head every target's tool starts with. */
export function toolHead(tool: DeclaredTool): { name: string; description?: string } {
  return tool.description === undefined ? { name: tool.name } : { name: tool.name, description: tool.description };
}
