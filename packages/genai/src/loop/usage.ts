import type { GenerateContentResponseUsageMetadata } from '@google/genai';
import type { Usage } from '../result.js';

export function emptyUsage(): Usage {
  return {
    promptTokenCount: 0,
    candidatesTokenCount: 0,
    thoughtsTokenCount: 0,
    toolUsePromptTokenCount: 0,
    cachedContentTokenCount: 0,
    totalTokenCount: 0,
    requests: 0,
  };
}

const counted = [
  'promptTokenCount',
  'candidatesTokenCount',
  'thoughtsTokenCount',
  'toolUsePromptTokenCount',
  'cachedContentTokenCount',
  'totalTokenCount',
] as const;

/** Adds one reply's usage metadata to a running total (in place). */
export function addUsage(total: Usage, metadata: GenerateContentResponseUsageMetadata | undefined): void {
  total.requests += 1;
  if (!metadata) return;
  for (const key of counted) {
    const value = metadata[key];
    if (typeof value === 'number' && Number.isFinite(value)) total[key] += value;
  }
}

/** One reply's usage in the Agent's shape (for turn events). */
export function turnUsage(metadata: GenerateContentResponseUsageMetadata | undefined): Partial<Usage> | undefined {
  if (!metadata) return undefined;
  const usage: Partial<Usage> = {};
  for (const key of counted) {
    const value = metadata[key];
    if (typeof value === 'number') usage[key] = value;
  }
  return usage;
}
