import type { GenerateContentRequest, Part, UsageMetadata } from './wire.js';

/**
 * A deterministic usage estimate (about 4 characters a token) so that every reply carries usage metadata; a reply's
 * own `usage` overrides it field by field.
 */
export function estimateUsage(
  body: GenerateContentRequest,
  parts: readonly Part[],
  override?: UsageMetadata,
): UsageMetadata {
  const prompt = tokens(JSON.stringify([body.contents ?? [], body.systemInstruction ?? null, body.tools ?? []]));
  const candidates = parts.length ? tokens(JSON.stringify(parts)) : 0;
  const usage: UsageMetadata = { promptTokenCount: prompt, candidatesTokenCount: candidates, ...override };
  if (override?.totalTokenCount === undefined) {
    usage.totalTokenCount =
      (usage.promptTokenCount ?? 0) +
      (usage.candidatesTokenCount ?? 0) +
      (usage.thoughtsTokenCount ?? 0) +
      (usage.toolUsePromptTokenCount ?? 0);
  }
  return usage;
}

function tokens(text: string): number {
  return Math.ceil(text.length / 4);
}
