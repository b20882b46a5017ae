/**
 * Model input echoed back (a name in an error, a property name, a path) is cut to a few hundred characters: the
 * model controls its size, and an echo must cost no more than the message around it.
 */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never cut a surrogate pair in two (the half would be an invalid character in the JSON sent back).
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]!) ? max - 1 : max;
  return `${text.slice(0, end)}... (${text.length} characters)`;
}

/** Longest property name, path or name quoted in a message. */
export const MAX_ECHO = 128;
/** Longest `expected`/`received` text of one issue (a schema library's message may quote the value). */
export const MAX_ISSUE_TEXT = 300;
/** Longest path of one issue: deep enough for the deepest arguments a tool takes (100 levels), with short names. */
export const MAX_PATH = 4_000;
/** Issues listed in one InvalidArguments payload; the message still counts them all. */
export const MAX_ISSUES = 20;
