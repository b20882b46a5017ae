import type { DeclarationDialect, ToolboxLike } from '@toolwright/genai';
import type { ToolCallAnswer, ToolInfo, ToolNote } from './api-types.js';

/** Log and progress notes kept per call: a chatty tool cannot fill the answer. */
const MAX_NOTES = 200;

/** The tools of one or more Toolboxes, as the page lists and calls them. */
export class ToolCatalog {
  constructor(private readonly toolboxes: ToolboxLike[]) {}

  /** Every tool with its declaration in both dialects, and what could not be rendered. */
  list(): { tools: ToolInfo[]; problems: string[] } {
    const tools: ToolInfo[] = [];
    const problems: string[] = [];
    for (const toolbox of this.toolboxes) {
      const openapi = declarationsOf(toolbox, 'openapi', problems);
      const jsonSchema = declarationsOf(toolbox, 'json-schema', problems);
      for (const declaration of openapi) {
        const name = String(declaration.name);
        const twin = jsonSchema.find((candidate) => candidate.name === name) ?? { name };
        const description = typeof declaration.description === 'string' ? declaration.description : undefined;
        tools.push({
          name,
          ...(description !== undefined ? { description } : {}),
          openapi: declaration,
          jsonSchema: twin,
        });
      }
    }
    return { tools, problems };
  }

  /**
   * Calls a tool as the Agent would: through the Toolbox that has it (an unknown name goes to the first Toolbox,
   * which answers the error the model would get). The answer is the Toolbox's, untouched.
   */
  async call(name: string, args: unknown, signal: AbortSignal): Promise<ToolCallAnswer | undefined> {
    const toolbox = this.toolboxes.find((candidate) => candidate.has(name)) ?? this.toolboxes[0];
    if (!toolbox) return undefined;
    const started = performance.now();
    const since = () => Math.round((performance.now() - started) * 10) / 10;
    const notes: ToolNote[] = [];
    const part = await toolbox.call(
      { name, args },
      {
        signal,
        onLog: ({ level, data, logger }) =>
          notes.length < MAX_NOTES &&
          notes.push({ kind: 'log', atMs: since(), level, data, ...(logger !== undefined ? { logger } : {}) }),
        onProgress: ({ progress, total, message }) =>
          notes.length < MAX_NOTES &&
          notes.push({
            kind: 'progress',
            atMs: since(),
            progress,
            ...(total !== undefined ? { total } : {}),
            ...(message !== undefined ? { message } : {}),
          }),
      },
    );
    const response = part.functionResponse.response as Record<string, unknown> | undefined;
    return { part, ok: response !== undefined && !('error' in response), durationMs: since(), notes };
  }
}

function declarationsOf(toolbox: ToolboxLike, dialect: DeclarationDialect, problems: string[]) {
  try {
    return toolbox.declarations({ dialect }) as unknown as Array<Record<string, unknown>>;
  } catch (error) {
    problems.push(`declarations (${dialect}): ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}
