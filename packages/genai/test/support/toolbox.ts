import type { FunctionDeclaration } from '@google/genai';
import type { ToolboxLike, ToolCallOutput } from '../../src/index.js';

/** A tool of the test toolbox: a function of the arguments and the call's signal. */
export interface TestTool {
  description?: string;
  parameters?: Record<string, unknown>;
  run: (args: Record<string, unknown>, signal: AbortSignal) => unknown;
}

/**
 * Interim Toolbox with the core contract (declarations, call, has), used until the real Toolbox of
 * @toolwright/core lands: it never throws for model input.
 */
export function testToolbox(tools: Record<string, TestTool>): ToolboxLike {
  return {
    declarations(): FunctionDeclaration[] {
      return Object.entries(tools).map(([name, tool]) => ({
        name,
        description: tool.description ?? name,
        parametersJsonSchema: tool.parameters ?? { type: 'object', properties: {} },
      }));
    },
    has: (name) => Object.hasOwn(tools, name),
    async call(call, options = {}): Promise<ToolCallOutput> {
      const name = call.name ?? '';
      const answer = (response: Record<string, unknown>): ToolCallOutput => ({
        functionResponse: { ...(call.id !== undefined ? { id: call.id } : {}), name, response },
      });
      const tool = tools[name];
      if (!tool) return answer({ error: { name: 'UnknownTool', message: `There is no tool named "${name}"` } });
      const controller = new AbortController();
      const onAbort = () => controller.abort(options.signal?.reason);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      let timer: NodeJS.Timeout | undefined;
      try {
        const limits: Promise<never>[] = [
          new Promise((_, reject) => controller.signal.addEventListener('abort', () => reject(Object.assign(new Error('cancelled'), { name: 'AbortError' })), { once: true })),
        ];
        if (options.timeoutMs !== undefined) {
          const ms = options.timeoutMs;
          limits.push(
            new Promise((_, reject) => {
              timer = setTimeout(() => {
                const error = Object.assign(new Error(`Tool "${name}" did not finish within ${ms} ms`), { name: 'TimeoutError' });
                reject(error);
                controller.abort(error);
              }, ms);
            }),
          );
        }
        const output = await Promise.race([Promise.resolve().then(() => tool.run((call.args ?? {}) as Record<string, unknown>, controller.signal)), ...limits]);
        return answer({ output: output ?? null });
      } catch (error) {
        return answer({ error: { name: (error as Error).name, message: (error as Error).message } });
      } finally {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
