import type { Content, GenerateContentResponseUsageMetadata } from '@google/genai';
import type { PromptReply } from '../../prompt-calling/calling-plan.js';

/** One model reply as the loop reads it. JSON data: a step runner journals it, and a replay reads it back. */
export interface ModelReply {
  content: Content | undefined;
  finishReason: string | undefined;
  finishMessage: string | undefined;
  blocked: boolean;
  usage: GenerateContentResponseUsageMetadata | undefined;
  retries: number;
  modelMs: number;
  /** Prompt mode: the calls, prose and broken calls read from the reply's text. */
  prompt?: PromptReply;
}

/** A stream broke after it started (the run reports what had arrived). */
export class StreamBroken {
  constructor(
    readonly partialText: string,
    readonly cause: unknown,
  ) {}
}
