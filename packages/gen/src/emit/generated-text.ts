// Every piece of text from outside gen (file names, the regenerate command, tool names, descriptions) that a
// generated module puts in a comment or a string goes through this file: unescaped, a file name with a line break
// ends a `//` comment and the rest of its line runs as code when the module is imported; a quote ends a string.

/** Characters that end a line for JavaScript (and TypeScript), besides the other control characters. */
const LINE_OR_CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/g;

export function unicodeEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Text for a `//` line comment: kept on its line whatever it holds (line breaks, U+2028, `*\/`). */
export function commentText(text: string): string {
  return text.replace(LINE_OR_CONTROL, unicodeEscape);
}

/** A single-quoted string literal (module specifiers are written so), any character escaped that could end it. */
export function singleQuoted(text: string): string {
  return `'${text.replace(/[\\']/g, '\\$&').replace(LINE_OR_CONTROL, unicodeEscape)}'`;
}

/** The line breaks JSON leaves as they are in a string, which older JavaScript parsers end a line at. */
export const LINE_BREAKS_IN_STRINGS = /[\u2028\u2029]/g;

/** A double-quoted string literal: JSON's, with U+2028 and U+2029 escaped too. */
export function doubleQuoted(text: string): string {
  return JSON.stringify(text).replace(LINE_BREAKS_IN_STRINGS, unicodeEscape);
}
