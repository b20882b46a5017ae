import type { ContentUnion } from '@google/genai';
import type { CallingPlan, PromptReply } from '../../prompt-calling/calling-plan.js';
import type { ModelReply } from '../model-call/model-reply.js';
import type { CallingStrategy } from './calling-strategy.js';

/**
 * Prompt-based calling, on the run's CallingPlan: the tools are described in the prompt, calls are read from the
 * reply's text, and the answers go back as a user text turn.
 */
export function promptCalling(plan: CallingPlan, userInstruction: ContentUnion | undefined): CallingStrategy {
  return {
    shape: (request, final) => plan.shape(request, userInstruction, final),
    textReader() {
      // Never undefined here: this strategy is chosen only while the plan prompts.
      const reader = plan.reader()!;
      return {
        push: (text) => reader.push(text),
        end: () => {
          const { rest, reply } = reader.end();
          return { rest, prompt: reply };
        },
      };
    },
    read(reply) {
      const { calls, problems } = promptOf(reply);
      return { calls, malformed: undefined, problems };
    },
    kept: (reply) => reply.content,
    answerText: (reply) => promptOf(reply).text,
    answers: (executed, reply) =>
      plan.resultsTurn(
        executed.map((call) => call.record.response ?? {}),
        promptOf(reply),
      ),
  };
}

function promptOf(reply: ModelReply): PromptReply {
  if (!reply.prompt) throw new Error('internal: a native reply was read as a prompt-mode one');
  return reply.prompt;
}
