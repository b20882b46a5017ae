import type { ContentUnion } from '@google/genai';
import type { CallingPlan } from '../../prompt-calling/calling-plan.js';
import type { ModelReply } from '../model-call/model-reply.js';
import type { CallingStrategy } from './calling-strategy.js';
import { nativeCalling } from './native-calling.js';
import { promptCalling } from './prompt-calling.js';

/** The one place a run decides between native and prompt-based calling. */
export class RunCalling {
  private readonly prompt: CallingStrategy;

  constructor(
    private readonly plan: CallingPlan,
    userInstruction: ContentUnion | undefined,
  ) {
    this.prompt = promptCalling(plan, userInstruction);
  }

  /** The strategy of the next request: asked per request, as `calling: 'auto'` may switch mid-run. */
  forRequest(): CallingStrategy {
    return this.plan.prompting ? this.prompt : nativeCalling;
  }

  /** The strategy that reads a reply: the one its request used, which a reply replayed from a journal tells too. */
  forReply(reply: ModelReply): CallingStrategy {
    return reply.prompt ? this.prompt : nativeCalling;
  }

  /** After a failed request: whether the API's answer taught the plan something that a resend fixes. */
  learn(error: unknown, sentSystemInstruction: boolean): boolean {
    return this.plan.learn(error, sentSystemInstruction);
  }

  /** What to add to the message of a request that failed for good (see CallingPlan.hint). */
  hint(error: unknown): string {
    return this.plan.hint(error);
  }
}
