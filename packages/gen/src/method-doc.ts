import { Node, type JSDoc, type JSDocTag, type MethodDeclaration } from './ts-morph.js';

/** What a method's JSDoc says, read once. */
export interface MethodDoc {
  /** The summary and body (everything before the first tag), trimmed; undefined when empty. */
  description?: string;
  /** `@param name text`, by parameter name. */
  params: Map<string, string>;
  /** `@deprecated`: true, or its text. */
  deprecated?: true | string;
  /** All tags of the comment, in order. */
  tags: JSDocTag[];
  /** A JSDoc comment that sits after the decorators, where TypeScript does not attach it. */
  misplaced?: Node;
}

export function readMethodDoc(method: MethodDeclaration): MethodDoc {
  const docs = method.getJsDocs();
  const last: JSDoc | undefined = docs[docs.length - 1];
  const tags = docs.flatMap((doc) => doc.getTags());
  const doc: MethodDoc = { params: new Map(), tags };
  const description = last ? cleanText(last.getDescription()) : undefined;
  if (description) doc.description = description;
  for (const tag of tags) {
    if (Node.isJSDocParameterTag(tag)) {
      const text = cleanText(tag.getCommentText()?.replace(/^\s*-\s*/, ''));
      if (text) doc.params.set(tag.getName(), text);
    } else if (tag.getTagName() === 'deprecated') {
      doc.deprecated = cleanText(tag.getCommentText()) || true;
    }
  }
  if (docs.length === 0) doc.misplaced = misplacedComment(method);
  return doc;
}

/** Text of a comment as a model should read it: lines trimmed at the end, no blank lines at either end. */
export function cleanText(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const cleaned = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
  return cleaned === '' ? undefined : cleaned;
}

/** `@tool() /** doc *\/ method()`: TypeScript attaches no JSDoc there, so say so instead of losing it quietly. */
function misplacedComment(method: MethodDeclaration): Node | undefined {
  const decorators = method.getDecorators();
  const lastDecorator = decorators[decorators.length - 1];
  if (!lastDecorator) return undefined;
  const between = method.getSourceFile().getFullText().slice(lastDecorator.getEnd(), method.getNameNode().getStart());
  return between.includes('/**') ? lastDecorator : undefined;
}
