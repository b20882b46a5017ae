/**
 * Text that arrives in pieces, kept without joining it on every piece (joining a growing string per piece is
 * quadratic). Small pieces are gathered into blocks of about BLOCK characters, so a reply streamed one character
 * at a time does not hold a million tiny strings. Positions are those of the whole reply: the first character
 * held is at `origin`.
 */

const BLOCK = 4096;

export class TextPieces {
  private readonly blocks: string[] = [];
  /** Where each block starts in the whole reply. */
  private readonly starts: number[] = [];
  private tail: string[] = [];
  private tailLength = 0;
  /** Where the text held ends in the whole reply. */
  end: number;

  constructor(readonly origin: number) {
    this.end = origin;
  }

  append(text: string): void {
    if (text === '') return;
    this.tail.push(text);
    this.tailLength += text.length;
    this.end += text.length;
    if (this.tailLength >= BLOCK) this.seal();
  }

  /** The text from `start` to `end` (positions in the whole reply, within what is held). */
  slice(start: number, end: number): string {
    this.seal();
    const { blocks, starts } = this;
    // The last block that starts at or before `start`.
    let low = 0;
    let high = blocks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= start) low = middle;
      else high = middle - 1;
    }
    let out = '';
    for (let index = low; index < blocks.length && starts[index]! < end; index++) {
      const block = blocks[index]!;
      const from = Math.max(0, start - starts[index]!);
      out += block.slice(from, Math.min(block.length, end - starts[index]!));
    }
    return out;
  }

  /** All the text held, as one string. */
  text(): string {
    this.seal();
    return this.blocks.length === 1 ? this.blocks[0]! : this.blocks.join('');
  }

  private seal(): void {
    if (this.tail.length === 0) return;
    this.starts.push(this.end - this.tailLength);
    this.blocks.push(this.tail.length === 1 ? this.tail[0]! : this.tail.join(''));
    this.tail = [];
    this.tailLength = 0;
  }
}
