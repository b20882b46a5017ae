import { escapePointer } from './validation.js';

/**
 * How deep the arguments may nest (the arguments object is level 1, each object or array inside one level more).
 * Validation, repair and revival walk the arguments recursively: without a limit, a model (or a caller) sending a
 * few thousand levels would overflow the stack, which would read as if the tool had thrown.
 */
export const MAX_ARGUMENT_DEPTH = 100;

/**
 * The JSON Pointer of the first object or array deeper than `limit` (an iterative walk: it cannot overflow itself),
 * or null when the value fits. A value that contains itself is infinitely deep, so it is reported too.
 */
export function tooDeepAt(value: unknown, limit = MAX_ARGUMENT_DEPTH): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const stack: [object, number, string][] = [[value, 1, '']];
  while (stack.length) {
    const [node, depth, path] = stack.pop()!;
    if (depth > limit) return path;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        const item: unknown = node[i];
        if (typeof item === 'object' && item !== null) stack.push([item, depth + 1, `${path}/${i}`]);
      }
    } else {
      for (const key of Object.keys(node)) {
        const child: unknown = (node as Record<string, unknown>)[key];
        if (typeof child === 'object' && child !== null)
          stack.push([child, depth + 1, `${path}/${escapePointer(key)}`]);
      }
    }
  }
  return null;
}
