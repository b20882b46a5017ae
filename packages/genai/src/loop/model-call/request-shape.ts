import type {
  Content,
  FunctionCallingConfigMode,
  GenerateContentConfig,
  GenerateContentParameters,
  Tool,
  ToolConfig,
} from '@google/genai';
import type { CallingStrategy } from '../calling/calling-strategy.js';
import type { AgentSetup, RenderedTools } from '../setup.js';

export type RequestParams = GenerateContentParameters & { config: GenerateContentConfig };

/** What a request is made of, besides the turn. */
export interface RequestInputs {
  setup: AgentSetup;
  tools: RenderedTools;
  history: Content[];
  /** The run's own fetch and its options, if it has one. */
  httpOptions: GenerateContentConfig['httpOptions'];
}

/** The request of one turn: the native request, shaped by the calling strategy. */
export function requestParams(
  inputs: RequestInputs,
  strategy: CallingStrategy,
  turn: number,
  final: boolean,
): RequestParams {
  const { setup } = inputs;
  const config: GenerateContentConfig = {
    ...setup.config,
    ...toolsFor(setup, inputs.tools, turn, final),
    automaticFunctionCalling: { disable: true },
  };
  if (inputs.httpOptions) config.httpOptions = inputs.httpOptions;
  if (setup.systemInstruction !== undefined) config.systemInstruction = setup.systemInstruction;
  return { model: setup.model, ...strategy.shape({ contents: [...inputs.history], config }, final) };
}

/** The tools and tool config of one request. */
function toolsFor(
  setup: AgentSetup,
  { declarations }: RenderedTools,
  turn: number,
  final: boolean,
): { tools?: Tool[]; toolConfig?: ToolConfig } {
  const { builtinTools, toolConfig } = setup;
  const tools: Tool[] = [];
  // Fresh declaration objects per request: the SDK rewrites `parameters` on the objects it is given.
  if (declarations.length)
    tools.push({ functionDeclarations: declarations.map((declaration) => ({ ...declaration })) });
  tools.push(...builtinTools);
  if (tools.length === 0) return {};
  const calling = toolConfig?.functionCallingConfig;
  if (final && declarations.length) {
    return {
      tools,
      toolConfig: { ...toolConfig, functionCallingConfig: { mode: 'NONE' as FunctionCallingConfigMode } },
    };
  }
  if (calling?.mode === 'ANY' && turn > setup.forcedTurns) {
    const mode = setup.fallbackMode as FunctionCallingConfigMode;
    const { allowedFunctionNames, ...rest } = calling;
    const functionCallingConfig =
      mode === 'VALIDATED' && allowedFunctionNames ? { ...rest, mode, allowedFunctionNames } : { ...rest, mode };
    return { tools, toolConfig: { ...toolConfig, functionCallingConfig } };
  }
  return toolConfig ? { tools, toolConfig } : { tools };
}
