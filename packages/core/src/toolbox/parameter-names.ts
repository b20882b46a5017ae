/**
 * The names of a function's declared parameters, read from its source text; a rest parameter keeps its `...`, a
 * destructuring pattern is `''`. Null where the text cannot be read (native or bound functions, computed method
 * names). Only used to refuse a binding that would go wrong: never to decide how to call a method.
 */
export function parameterNames(fn: (...args: never[]) => unknown): string[] | null {
  let source: string;
  try {
    source = Function.prototype.toString.call(fn);
  } catch {
    return null;
  }
  // Only the end is read: a test over the whole text scanned every method's body (the Toolbox asks at each bind).
  if (/\{\s*\[native code\]\s*\}\s*$/.test(source.slice(-40)) || source.startsWith('[')) return null;
  const bareArrow = /^(?:async\s+)?([A-Za-z_$][\w$]*)\s*=>/.exec(source);
  if (bareArrow) return [bareArrow[1]!];
  const open = source.indexOf('(');
  if (open < 0) return null;
  const parts = splitTopLevel(source, open + 1);
  if (parts === null) return null;
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(nameOf);
}

function nameOf(parameter: string): string {
  const match = /^(\.\.\.)?\s*([A-Za-z_$][\w$]*)/.exec(parameter);
  return match ? (match[1] ?? '') + match[2]! : '';
}

/** Splits the text from `start` up to the matching `)` at its top-level commas; null when it is not balanced. */
function splitTopLevel(source: string, start: number): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let from = start;
  for (let i = start; i < source.length; i++) {
    const char = source[i]!;
    if (char === '"' || char === "'" || char === '`') {
      i = skipString(source, i);
      if (i < 0) return null;
    } else if (char === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) return null;
    } else if (char === '/' && source[i + 1] === '*') {
      i = source.indexOf('*/', i + 2) + 1;
      if (i <= 0) return null;
    } else if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') {
      if (depth === 0) {
        parts.push(source.slice(from, i));
        return parts;
      }
      depth--;
    } else if (char === ',' && depth === 0) {
      parts.push(source.slice(from, i));
      from = i + 1;
    }
  }
  return null;
}

/** The index of the closing quote of the string starting at `start` (template literals without nesting). */
function skipString(source: string, start: number): number {
  const quote = source[start];
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === quote) return i;
  }
  return -1;
}
