import { ts } from '../program/typescript.js';

/** What a method's JSDoc says, read once (from the compiler's nodes: no ts-morph wrappers). */
export interface MethodDoc {
  /** The summary and body (everything before the first tag), trimmed; undefined when empty. */
  description?: string;
  /** `@param name text`, by parameter name. */
  params: Map<string, string>;
  /** `@deprecated`: true, or its text. */
  deprecated?: true | string;
  /** The text of each `@remarks` tag (TSDoc's place for details), in order. */
  remarks: string[];
  /** All tags of the comment, in order. */
  tags: ts.JSDocTag[];
  /** A JSDoc comment that sits after the decorators, where TypeScript does not attach it. */
  misplaced?: ts.Node;
}

export function readMethodDoc(method: ts.MethodDeclaration): MethodDoc {
  const sourceFile = method.getSourceFile();
  const docs = (method as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
  const last: ts.JSDoc | undefined = docs[docs.length - 1];
  const tags = docs.flatMap((doc) => doc.tags ?? []);
  const doc: MethodDoc = { params: new Map(), remarks: [], tags };
  const description = last ? cleanText(jsDocDescription(last, sourceFile)) : undefined;
  if (description) doc.description = description;
  for (const tag of tags) {
    if (ts.isJSDocParameterTag(tag)) {
      const text = cleanText(commentText(tag)?.replace(/^\s*-\s*/, ''));
      if (text) doc.params.set(tag.name.getText(sourceFile), text);
    } else if (tag.tagName.getText(sourceFile) === 'deprecated') {
      doc.deprecated = cleanText(commentText(tag)) || true;
    } else if (tag.tagName.getText(sourceFile) === 'remarks') {
      const text = cleanText(commentText(tag));
      if (text) doc.remarks.push(text);
    }
  }
  const misplaced = docs.length === 0 ? misplacedComment(method, sourceFile) : undefined;
  if (misplaced) doc.misplaced = misplaced;
  return doc;
}

/** The text of a tag's comment (what follows its name, and for `@param` its parameter name). */
export function commentText(tag: ts.JSDocTag): string | undefined {
  return ts.getTextOfJSDocComment(tag.comment);
}

/** Text of a comment as a model should read it: lines trimmed at the end, no blank lines at either end. */
export function cleanText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (!text.includes('\n') && !text.includes('\r')) {
    // One line: trimming its end and then the whole is trimming it.
    const trimmed = text.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  const cleaned = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
  return cleaned === '' ? undefined : cleaned;
}

/** `@tool() /** doc *\/ method()`: TypeScript attaches no JSDoc there, so say so instead of losing it quietly. */
function misplacedComment(method: ts.MethodDeclaration, sourceFile: ts.SourceFile): ts.Node | undefined {
  const decorators = ts.getDecorators(method) ?? [];
  const lastDecorator = decorators[decorators.length - 1];
  if (!lastDecorator) return undefined;
  const between = sourceFile.text.slice(lastDecorator.end, method.name.getStart(sourceFile));
  return between.includes('/**') ? lastDecorator : undefined;
}

// The description of a JSDoc block read from the file's text, as ts-morph's `JSDoc.getDescription()` reads it (the
// manifests were made with it, and must not change): from after `/**` (and one space) to the end of the last line
// before the first tag (or the closing `*/`), with the leading `*` of each line taken off.

const NEWLINE = 10;
const CARRIAGE_RETURN = 13;
const SPACE = 32;
const ASTERISK = 42;
const WHITESPACE = new Set(
  [' ', '\f', '\n', '\r', '\t', '\v', '\u00A0', '\u2028', '\u2029'].map((c) => c.charCodeAt(0)),
);

function jsDocDescription(jsDoc: ts.JSDoc, sourceFile: ts.SourceFile): string {
  const text = sourceFile.text;
  const firstTag = jsDoc.tags?.[0];
  const searchFrom = firstTag ? firstTag.getStart(sourceFile) : jsDoc.end - 2;
  let start = jsDoc.getStart(sourceFile) + 3;
  if (text.charCodeAt(start) === SPACE) start++;
  // Back to just after the last newline or text character before the search point, then back over that line's
  // remaining characters to its start.
  const lineEnd = backTo(text, searchFrom, (code) => code === NEWLINE || (!WHITESPACE.has(code) && code !== ASTERISK));
  const end = backTo(text, lineEnd, (code) => code !== NEWLINE && code !== CARRIAGE_RETURN);
  return withoutStars(text.substring(start, Math.max(start, end)));
}

/** Moves `pos` back while the character before it does not satisfy `stop`. */
function backTo(text: string, pos: number, stop: (code: number) => boolean): number {
  while (pos > 0 && !stop(text.charCodeAt(pos - 1))) pos--;
  return pos;
}

/** The comment's lines without `/**`, `*\/` and the leading `*` (and one space after it) of each line. */
function withoutStars(comment: string): string {
  const inner = comment.replace(/^\/\*\*[^\S\n]*\n?/, '').replace(/(\r?\n)?[^\S\n]*\*\/$/, '');
  return inner
    .split(/\n/)
    .map((line) => {
      let star = -1;
      for (let i = 0; i < line.length; i++) {
        const code = line.charCodeAt(i);
        if (code === ASTERISK) {
          star = i;
          break;
        }
        if (!WHITESPACE.has(code)) break;
      }
      if (star === -1) return line;
      return line.substring(line[star + 1] === ' ' ? star + 2 : star + 1);
    })
    .join('\n');
}

/**
 * The method's description as the model reads it: the summary and body, then the `@remarks`, then each `@example`
 * of the method (an example of a call, not of one parameter's value), each after a blank line.
 */
export function withRemarksAndExamples(
  description: string | undefined,
  remarks: readonly string[],
  examples: readonly string[],
): string | undefined {
  const parts = [
    ...(description !== undefined ? [description] : []),
    ...remarks,
    ...examples.map((example) => (example.includes('\n') ? `Example:\n${example}` : `Example: ${example}`)),
  ];
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}
