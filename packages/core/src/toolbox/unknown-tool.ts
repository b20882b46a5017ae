import { closestNames } from './closest-names.js';
import { excerpt, MAX_ECHO } from './excerpt.js';
import type { ToolErrorPayload } from './types.js';

/** Names listed in full in an UnknownTool message; past this, the first ones and the count. */
const MAX_LISTED = 30;

/**
 * The `UnknownTool` payload for a call to a name none of `available` has: the name echoed cut to 128 characters,
 * the closest valid names ("Did you mean"), and the names there are. One text for a Toolbox, an imported MCP
 * server and an Agent holding several of them.
 */
export function unknownToolPayload(name: string | undefined, available: readonly string[]): ToolErrorPayload {
  if (name === undefined || name === '') {
    return {
      name: 'UnknownTool',
      message: `The function call has no name. Available tools: ${listNames(available)}.`,
      closest: [],
    };
  }
  const closest = closestNames(name, available);
  const hint = closest.length ? ` Did you mean ${closest.map((candidate) => `"${candidate}"`).join(' or ')}?` : '';
  return {
    name: 'UnknownTool',
    message: `There is no tool named "${excerpt(name, MAX_ECHO)}".${hint} Available tools: ${listNames(available)}.`,
    closest,
  };
}

function listNames(names: readonly string[]): string {
  if (!names.length) return '(none)';
  return names.length > MAX_LISTED
    ? `${names.slice(0, MAX_LISTED).join(', ')}, ... (${names.length} in all)`
    : names.join(', ');
}
