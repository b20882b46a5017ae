import type {
  Content,
  ContentUnion,
  FunctionCall,
  FunctionDeclaration,
  GenerateContentConfig,
  Part,
} from '@google/genai';
import type { ToolErrorName, ToolErrorPayload } from '@toolwright/core';
import type { CallingOption } from './calling-option.js';
import { FORMATS, type ResultEntry } from './formats.js';
import {
  FUNCTION_CALLING_REFUSED,
  SYSTEM_INSTRUCTION_REFUSED,
  type ModelMemory,
  type ModelTraits,
} from './model-traits.js';
import { parameterNames } from './declaration-text.js';
import type { CallFormat, CallProblem, ParsedReply, ParserTool } from './parsed-reply.js';
import { CallStreamParser } from './parser.js';
import { toolPrompt } from './tool-prompt.js';

/** A reply read in prompt mode: the calls to run, the prose to show, and the broken calls to answer. */
export interface PromptReply {
  calls: FunctionCall[];
  text: string;
  problems: CallProblem[];
  parsed: ParsedReply;
}

/** Reads one reply's text as it arrives. */
export interface ReplyReader {
  /** A piece of the reply's (non-thought) text; returns the prose that may be shown now. */
  push(text: string): string;
  /** The rest of the prose, and the reply as read. */
  end(): { rest: string; reply: PromptReply };
}

/** Where an Agent's calling choices live: the option, and what it learnt about models. */
export interface CallingSetup {
  option: CallingOption;
  memory: ModelMemory;
}

interface RequestShape {
  contents: Content[];
  config: GenerateContentConfig;
}

/**
 * The calling strategy of one run. Native mode leaves the request and the reply to the loop as they were; prompt
 * mode takes `tools` out of the request and puts their description into the prompt, reads calls from the reply's
 * text, and writes results back as a user text turn in the format's convention.
 */
export class CallingPlan {
  constructor(
    private readonly setup: CallingSetup,
    private readonly model: string,
    private readonly declarations: readonly FunctionDeclaration[],
  ) {}

  private get traits(): ModelTraits {
    return this.setup.memory.traits(this.model);
  }

  /** Whether this run calls tools through the prompt (asked again per request: an auto switch may happen mid-run). */
  get prompting(): boolean {
    const { option } = this.setup;
    if (option === 'native') return false;
    if (option === 'auto') return !this.traits.functionCalling;
    return true;
  }

  get format(): CallFormat {
    const { option } = this.setup;
    return (typeof option === 'object' ? option.format : undefined) ?? this.traits.format;
  }

  /**
   * After a failed request: whether the API's answer taught something that a resend fixes (tools refused: switch
   * to prompt mode; system instruction refused: move it into the first user turn). True at most once for each.
   */
  learn(error: unknown, sentSystemInstruction: boolean): boolean {
    if (this.setup.option === 'native' || (error as { status?: unknown } | null)?.status !== 400) return false;
    const message = error instanceof Error ? error.message : String(error);
    const traits = this.traits;
    if (this.setup.option === 'auto' && traits.functionCalling && FUNCTION_CALLING_REFUSED.test(message)) {
      this.setup.memory.learn(this.model, { functionCalling: false });
      return true;
    }
    if (
      this.prompting &&
      sentSystemInstruction &&
      traits.systemInstruction &&
      SYSTEM_INSTRUCTION_REFUSED.test(message)
    ) {
      this.setup.memory.learn(this.model, { systemInstruction: false });
      return true;
    }
    return false;
  }

  /**
   * What to add to the message of a request that failed for good: with `calling: 'native'`, the API's 400 for a model
   * without function calling (Gemma) or without a system instruction says how to get past it.
   */
  hint(error: unknown): string {
    if (this.setup.option !== 'native' || (error as { status?: unknown } | null)?.status !== 400) return '';
    const message = error instanceof Error ? error.message : String(error);
    if (!FUNCTION_CALLING_REFUSED.test(message) && !SYSTEM_INSTRUCTION_REFUSED.test(message)) return '';
    return (
      ` (${this.model} takes no native function calling on this API: with calling: 'auto' or 'prompt' the Agent ` +
      'describes the tools in the prompt and reads the calls from its text)'
    );
  }

  /** The request in prompt mode: no tools, the tool prompt with the user's instruction, native turns as text. */
  shape(request: RequestShape, userInstruction: ContentUnion | undefined, final: boolean): RequestShape {
    const { tools: _tools, toolConfig, systemInstruction: _system, ...config } = request.config;
    const syntax = FORMATS[this.format];
    const contents = request.contents.map((content) => this.asText(content));
    // The native function-calling mode of this turn (the loop's: the final turn is NONE, ANY lasts `forcedTurns`),
    // said in words.
    const mode = String(toolConfig?.functionCallingConfig?.mode ?? 'AUTO').toUpperCase();
    const off = final || mode === 'NONE';
    const blocks = [instructionText(userInstruction)];
    if (this.declarations.length) {
      const option = this.setup.option;
      const instructions = typeof option === 'object' ? option.instructions : undefined;
      blocks.push(
        toolPrompt(this.declarations, {
          format: this.format,
          final: off,
          ...(instructions !== undefined ? { instructions } : {}),
        }),
      );
      if (off) appendToLastUser(contents, syntax.toolsOff);
      else if (mode === 'ANY') appendToLastUser(contents, 'Answer this message with at least one tool call.');
    }
    // A model that goes on to write the results itself is stopped where they would start (the API takes at most 5).
    const stops = config.stopSequences ?? [];
    if (this.declarations.length && !off && stops.length < 5 && !stops.includes(syntax.stop)) {
      config.stopSequences = [...stops, syntax.stop];
    }
    const system = blocks.filter(Boolean).join('\n\n');
    if (!system) return { contents, config };
    if (this.traits.systemInstruction) return { contents, config: { ...config, systemInstruction: system } };
    return { contents: prependToFirstUser(contents, system), config };
  }

  /** A reader for one reply; undefined in native mode (the loop reads functionCall parts itself). */
  reader(): ReplyReader | undefined {
    if (!this.prompting) return undefined;
    if (!this.declarations.length) {
      let text = '';
      const empty: ParsedReply = { prose: '', items: [], calls: [], problems: [] };
      return {
        push: (chunk) => {
          text += chunk;
          return chunk;
        },
        end: () => ({ rest: '', reply: { calls: [], text, problems: [], parsed: { ...empty, prose: text } } }),
      };
    }
    const tools = this.declarations.map((declaration): ParserTool => {
      const schema = (declaration.parametersJsonSchema ?? declaration.parameters) as
        | Record<string, unknown>
        | undefined;
      return { name: declaration.name ?? '', parameters: parameterNames(declaration), ...(schema ? { schema } : {}) };
    });
    const parser = new CallStreamParser({ tools, format: this.format });
    return {
      push: (chunk) => parser.push(chunk),
      end: () => {
        const { prose, reply } = parser.end();
        const calls = reply.calls.map((call): FunctionCall => ({ name: call.name, args: call.args }));
        return { rest: prose, reply: { calls, text: reply.prose, problems: reply.problems, parsed: reply } };
      },
    };
  }

  /** The user turn that answers a reply: each call's response and each broken call's feedback, in written order. */
  resultsTurn(responses: ReadonlyArray<Record<string, unknown>>, reply: PromptReply): Content {
    const entries: ResultEntry[] = [];
    let next = 0;
    reply.parsed.items.forEach((item, i) => {
      if (item.kind === 'call')
        entries.push({ index: i + 1, name: item.name, response: responses[next++] ?? { output: null } });
      else entries.push({ index: i + 1, name: item.name ?? '?', response: { error: this.feedback(item, i + 1) } });
    });
    return { role: 'user', parts: [{ text: FORMATS[this.format].results(entries) }] };
  }

  private feedback(problem: CallProblem, index: number): ToolErrorPayload {
    const names: Record<CallProblem['reason'], ToolErrorName> = {
      unparsable: 'UnparsableCall',
      'cut-off': 'CutOffCall',
      'unknown-tool': 'UnknownTool',
      'not-an-object': 'InvalidArguments',
    };
    // The example names a tool that exists: the closest to what was written, the name written if it is one, or the
    // first tool (Gemma's `print(...)` once made the feedback suggest calling `print`).
    const known = (name: string | undefined) => this.declarations.some((declaration) => declaration.name === name);
    const name = problem.closest?.[0] ?? (known(problem.name) ? problem.name : this.declarations[0]?.name);
    const example = FORMATS[this.format].call(name ?? 'tool_name', {});
    const how =
      problem.reason === 'unknown-tool'
        ? 'Call one of the available tools.'
        : `Write it again in the form ${example.replace('{}', '{...}').replace('()', '(...)')}.`;
    const error: ToolErrorPayload = {
      name: names[problem.reason],
      message: `Call #${index} was not run: ${problem.message}. ${how}`,
      call: problem.text.length > 300 ? `${problem.text.slice(0, 300)}...` : problem.text,
    };
    if (problem.closest) error.closest = problem.closest;
    return error;
  }

  /** Native function turns (a history from native mode) written in the format, so the model can read them. */
  private asText(content: Content): Content {
    const parts = content.parts ?? [];
    if (!parts.some((part) => part.functionCall || part.functionResponse)) return content;
    const syntax = FORMATS[this.format];
    const out: Part[] = [];
    const responses: ResultEntry[] = [];
    for (const part of parts) {
      if (part.functionCall)
        out.push({
          text: syntax.call(part.functionCall.name ?? '', (part.functionCall.args ?? {}) as Record<string, unknown>),
        });
      else if (part.functionResponse) {
        const { name, response } = part.functionResponse;
        responses.push({
          index: responses.length + 1,
          name: name ?? '?',
          response: (response ?? {}) as Record<string, unknown>,
        });
      } else if (!part.thoughtSignature || part.text) {
        const { thoughtSignature: _signature, ...rest } = part;
        out.push(rest);
      }
    }
    if (responses.length) out.push({ text: syntax.results(responses) });
    return { ...content, parts: out.length ? out : [{ text: '' }] };
  }
}

function instructionText(instruction: ContentUnion | undefined): string {
  if (instruction === undefined) return '';
  if (typeof instruction === 'string') return instruction;
  const parts: unknown[] = Array.isArray(instruction)
    ? instruction
    : 'parts' in (instruction as object)
      ? ((instruction as Content).parts ?? [])
      : [instruction];
  return parts
    .map((part) =>
      typeof part === 'string' ? part : typeof (part as Part)?.text === 'string' ? (part as Part).text! : '',
    )
    .filter(Boolean)
    .join('\n');
}

function prependToFirstUser(contents: Content[], text: string): Content[] {
  const index = contents.findIndex((content) => content.role === 'user' || content.role === undefined);
  if (index < 0) return [{ role: 'user', parts: [{ text }] }, ...contents];
  const first = contents[index]!;
  const copy = [...contents];
  copy[index] = { ...first, parts: [{ text: `${text}\n\n` }, ...(first.parts ?? [])] };
  return copy;
}

function appendToLastUser(contents: Content[], text: string): void {
  const last = contents[contents.length - 1];
  if (last && last.role !== 'model')
    contents[contents.length - 1] = { ...last, parts: [...(last.parts ?? []), { text: `\n\n${text}` }] };
}
