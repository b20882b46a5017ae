// `@toolwright/genai/prompt-calling`: the parts of prompt-based calling that work without an Agent. The parser reads
// calls from a model's text, whole (`parseCalls`) or streamed (`CallStreamParser`); `toolPrompt` and `FORMATS` write
// the declarations, calls and results in a format; `knownTraits` says what the Agent knows of a model. The Agent
// itself takes `calling: 'prompt' | 'auto'` from the main entry and needs none of these.
export { parseCalls, CallStreamParser, type CallParserOptions } from './prompt-calling/parser.js';
export type {
  CallFormat,
  CallProblem,
  ParsedCall,
  ParsedReply,
  ParserTool,
  ReplyItem,
  ParserRepair,
} from './prompt-calling/parsed-reply.js';
export type { Repair } from './prompt-calling/read-signals.js';
export { toolPrompt, type ToolPromptOptions } from './prompt-calling/tool-prompt.js';
export { FORMATS, type FormatSyntax, type ResultEntry } from './prompt-calling/formats.js';
export { knownTraits, type ModelTraits } from './prompt-calling/model-traits.js';
