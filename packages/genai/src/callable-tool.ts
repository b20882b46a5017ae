import type { CallableTool, FunctionCall, FunctionDeclaration, Part, Tool } from '@google/genai';
import { declarationsOf } from './declarations-cache.js';
import type { DeclarationDialect, ToolboxLike } from './toolbox-like.js';

export interface CallableToolOptions {
  /** Declaration dialect asked from the Toolbox. */
  dialect?: DeclarationDialect;
  /** Time limit per call of a tool that sets none of its own (`@tool({ timeoutMs })` wins over it). */
  timeoutMs?: number;
  /** Reaches every running call. */
  signal?: AbortSignal;
  /** Calls of one batch that run at once. Default 8. */
  concurrency?: number;
  /**
   * Calls for names this Toolbox does not declare (the model made one up). `answer` (default) answers them with an
   * `{ error }` naming the closest tools, so the SDK sends one response per call and the model can correct itself;
   * left unanswered, the request would carry fewer responses than calls and the API would refuse it (400).
   * `skip` leaves them to other callable tools: the SDK hands every call to every callable tool, so when several
   * share one loop each must `skip` (and a made-up name then goes unanswered). Better: bind every service into one
   * Toolbox and pass one callable tool.
   */
  unknownCalls?: 'skip' | 'answer';
}

/**
 * Wraps a Toolbox as the SDK's CallableTool, so that `ai.models.generateContent({ config: { tools: [callable] } })`
 * (and `generateContentStream`) runs it in the SDK's own loop: calls filtered by name, ids echoed, errors and
 * thrown exceptions answered as `{ error }` responses instead of failing the request.
 */
export function toCallableTool(toolbox: ToolboxLike, options: CallableToolOptions = {}): CallableTool {
  const concurrency = Math.max(1, options.concurrency ?? 8);
  return {
    async tool(): Promise<Tool> {
      const declarations = declarationsOf(toolbox, options.dialect);
      // Fresh objects each time: the SDK rewrites `parameters` on the declarations it is given.
      return { functionDeclarations: declarations.map((declaration): FunctionDeclaration => ({ ...declaration })) };
    },

    async callTool(functionCalls: FunctionCall[]): Promise<Part[]> {
      const mine = functionCalls.filter((call) => options.unknownCalls !== 'skip' || toolbox.has(call.name ?? ''));
      const parts: Part[] = new Array(mine.length);
      let next = 0;
      const worker = async () => {
        while (next < mine.length) {
          const index = next++;
          parts[index] = await answer(toolbox, mine[index]!, options);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, mine.length) }, worker));
      return parts;
    },
  };
}

async function answer(toolbox: ToolboxLike, call: FunctionCall, options: CallableToolOptions): Promise<Part> {
  const name = call.name ?? '';
  const input: { id?: string; name: string; args: unknown } = { name, args: call.args ?? {} };
  if (call.id !== undefined) input.id = call.id;
  const callOptions: { signal?: AbortSignal; defaultTimeoutMs?: number } = {};
  if (options.signal) callOptions.signal = options.signal;
  if (options.timeoutMs !== undefined) callOptions.defaultTimeoutMs = options.timeoutMs;
  let response;
  let media: NonNullable<Part['functionResponse']>['parts'];
  try {
    const answered = (await toolbox.call(input, callOptions)).functionResponse;
    response = answered.response ?? { output: null };
    // Images and audio a tool returned (an MCP server's, ...): Gemini's multimodal function response parts.
    if (answered.parts?.length) media = answered.parts;
  } catch (error) {
    // The Toolbox promises not to throw for model input; should it, the model still gets an answer.
    response = {
      error: {
        name: error instanceof Error ? error.name : 'Error',
        message: error instanceof Error ? error.message : String(error),
      },
    };
  }
  const functionResponse: NonNullable<Part['functionResponse']> = { name, response };
  if (call.id !== undefined) functionResponse.id = call.id;
  if (media) functionResponse.parts = media;
  return { functionResponse };
}
