/** Small pure helpers over a reply's text, shared by the scanner and the frame readers. */

/** Spaces allowed inside a call's opening (`{  "name" :`), so that held-back prose stays bounded. */
export const MAX_GAP = 16;

export function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/** Gemini function names also take `.`, `:` and `-`. */
export function isNamePart(code: number): boolean {
  return isNameStart(code) || (code >= 48 && code <= 57) || code === 46 || code === 58 || code === 45;
}

/**
 * `literal` (lower case ASCII) at `at`, ASCII case-insensitive: yes, no, or a prefix of it that ends the text. Only
 * A-Z fold (a Kelvin sign is not a `k` here).
 */
export function match(text: string, at: number, literal: string): 'yes' | 'no' | 'partial' {
  for (let i = 0; i < literal.length; i++) {
    if (at + i >= text.length) return 'partial';
    let code = text.charCodeAt(at + i);
    if (code >= 65 && code <= 90) code += 32;
    if (code !== literal.charCodeAt(i)) return 'no';
  }
  return 'yes';
}

/** The first of `literals` found at `at`: its text, 'partial' when the text ends inside one, or undefined. */
export function matchAny(text: string, at: number, literals: readonly string[]): string | 'partial' | undefined {
  let partial = false;
  for (const literal of literals) {
    const found = match(text, at, literal);
    if (found === 'yes') return literal;
    if (found === 'partial') partial = true;
  }
  return partial ? 'partial' : undefined;
}

/** Past spaces and tabs (and line breaks with `newlines`), at most MAX_GAP of them. */
export function skipGap(text: string, at: number, newlines = true): number {
  let pos = at;
  while (pos < text.length && pos - at <= MAX_GAP) {
    const char = text[pos];
    if (char === ' ' || char === '\t' || (newlines && (char === '\n' || char === '\r'))) pos++;
    else break;
  }
  return pos;
}

/** Past spaces and tabs, without bound (the rest of a line after a call). */
export function skipBlanks(text: string, at: number): number {
  let pos = at;
  while (pos < text.length && (text[pos] === ' ' || text[pos] === '\t' || text[pos] === '\r')) pos++;
  return pos;
}

/** Where `literal` (lower case) next starts at or after `from`, case-insensitive; -1 if nowhere. */
export function indexOfFolded(text: string, literal: string, from: number): number {
  const first = literal[0]!;
  const upper = first.toUpperCase();
  for (let pos = from; pos <= text.length - literal.length; pos++) {
    const char = text[pos];
    if ((char === first || char === upper) && match(text, pos, literal) === 'yes') return pos;
  }
  return -1;
}

/** How many characters at the end of the text (after `from`) could begin `literal`: a stream holds them back. */
export function partialSuffix(text: string, from: number, literal: string): number {
  const longest = Math.min(literal.length - 1, text.length - from);
  for (let length = longest; length > 0; length--) {
    if (match(text, text.length - length, literal) === 'partial') return length;
  }
  return 0;
}
