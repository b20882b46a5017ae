import type { Content, Part } from '@google/genai';

/** A part that holds only text (and maybe the thought flag): the only kind that may be joined with its neighbour. */
function isPlainText(part: Part): boolean {
  if (typeof part.text !== 'string') return false;
  for (const key of Object.keys(part)) {
    if (key !== 'text' && key !== 'thought') return false;
  }
  return true;
}

/**
 * Builds the model turn from streamed chunks. Adjacent text parts of the same kind (thought or not) are joined;
 * any part with something else on it (a thought signature, a call, unknown fields) is kept as it arrived, so
 * every signature stays on its own part, an empty text part carrying one included.
 */
export class StreamedContent {
  readonly parts: Part[] = [];
  role: string | undefined;

  add(content: Content | undefined): void {
    if (!content) return;
    if (content.role) this.role = content.role;
    for (const part of content.parts ?? []) {
      const last = this.parts[this.parts.length - 1];
      if (last && isPlainText(last) && isPlainText(part) && Boolean(last.thought) === Boolean(part.thought)) {
        // The last part is our own copy (see below), so joining never touches the SDK's objects.
        last.text = (last.text ?? '') + (part.text ?? '');
      } else {
        this.parts.push(isPlainText(part) ? { ...part } : part);
      }
    }
  }

  /** The merged content, or undefined when no part arrived (a content with no parts must not be sent back). */
  content(): Content | undefined {
    if (this.parts.length === 0) return undefined;
    return { role: this.role ?? 'model', parts: this.parts };
  }
}

/** The answer text of a content: its text parts, thoughts left out. */
export function answerText(content: Content | undefined): string {
  let text = '';
  for (const part of content?.parts ?? []) {
    if (typeof part.text === 'string' && !part.thought) text += part.text;
  }
  return text;
}
