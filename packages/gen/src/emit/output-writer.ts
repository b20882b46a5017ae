import type { RenderedOutput } from './index.js';

/**
 * Builds a generated file's text from pieces and notes where each tool's block starts in it, so that nothing has to
 * search the text for a block later (the cache stores the blocks as ranges).
 */
export class OutputWriter {
  private readonly parts: string[] = [];
  private length = 0;
  private readonly blocks: RenderedOutput['blocks'] = [];

  text(piece: string): this {
    this.parts.push(piece);
    this.length += piece.length;
    return this;
  }

  block(name: string, text: string): this {
    this.blocks.push({ name, text, start: this.length });
    return this.text(text);
  }

  done(): RenderedOutput {
    return { text: this.parts.join(''), blocks: this.blocks };
  }
}
