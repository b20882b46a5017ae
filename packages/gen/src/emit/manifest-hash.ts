import { createHash } from 'node:crypto';
import type { ManifestTool } from '@toolwright/core';

/**
 * The content hash written into both outputs (`manifest.hash`): SHA-256 of the manifest's JSON (version and tools,
 * without class thunks), first 16 hex digits. It depends only on what the manifest says, never on the machine, the
 * paths or the order files were found in, so CI and a developer's machine agree on it.
 */
export function manifestHash(tools: readonly ManifestTool[]): string {
  const json = JSON.stringify({ version: 1, tools });
  return `sha256:${createHash('sha256').update(json).digest('hex').slice(0, 16)}`;
}
