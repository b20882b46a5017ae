import type { Content, FunctionCall, GenerateContentConfig } from '@google/genai';
import type { PromptReply } from '../../prompt-calling/calling-plan.js';
import type { CallProblem } from '../../prompt-calling/parsed-reply.js';
import type { ModelReply } from '../model-call/model-reply.js';
import type { ExecutedCall } from '../tool-phase.js';

/** The parts of a request a calling strategy shapes. */
export interface RequestShape {
  contents: Content[];
  config: GenerateContentConfig;
}

/** What a reply asks of the loop. */
export interface ReplyRead {
  /** The calls to run. */
  calls: FunctionCall[];
  /** Native: what makes the turn's calls malformed (then none of them runs). */
  malformed: string | undefined;
  /** Prompt: calls the model wrote that cannot run. They are answered with feedback, so the turn goes on. */
  problems: readonly CallProblem[];
}

/** Reads one reply's (non-thought) text as it arrives. */
export interface TextReader {
  /** A piece of the text; returns what may be shown now. */
  push(text: string): string;
  /** The rest to show, and what prompt mode read from the whole text. */
  end(): { rest: string; prompt?: PromptReply };
}

/**
 * How a run calls tools: natively (functionCall parts) or through the prompt. The loop asks the strategy and never
 * which one it is: it shapes the request, reads the reply into calls, prose and problems, and writes the answers.
 */
export interface CallingStrategy {
  /** The request of one turn, from the native request the loop built (`final`: calling is off). */
  shape(request: RequestShape, final: boolean): RequestShape;
  textReader(): TextReader;
  read(reply: ModelReply): ReplyRead;
  /** What enters the history of a turn whose calls do not run. */
  kept(reply: ModelReply): Content | undefined;
  /** The answer's text, for the result. */
  answerText(reply: ModelReply): string;
  /** The user turn that answers the reply's calls, one response per executed call in call order. */
  answers(executed: readonly ExecutedCall[], reply: ModelReply): Content;
}
