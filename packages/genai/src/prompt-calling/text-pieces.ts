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

  /**
   * The text from `start` to `end` (positions in the whole reply, within what is held). A slice that is most of the
   * blocks it spans joins them into one block, so that a later slice of that text (the stream taking back what a
   * call's read was given) is a view of it, not another copy.
   */
  slice(start: number, end: number): string {
    if (start >= this.end - this.tailLength) return this.tailSlice(start, end);
    this.seal();
    const { blocks, starts } = this;
    const first = this.blockAt(start);
    const last = Math.max(first, this.blockAt(end - 1));
    if (last > first) {
      const spanned = (starts[last + 1] ?? this.end) - starts[first]!;
      if ((end - start) * 2 < spanned) {
        let out = '';
        for (let index = first; index <= last; index++) {
          const from = Math.max(0, start - starts[index]!);
          out += blocks[index]!.slice(from, end - starts[index]!);
        }
        return out;
      }
      blocks.splice(first, last - first + 1, blocks.slice(first, last + 1).join(''));
      starts.splice(first + 1, last - first);
    }
    const block = blocks[first] ?? '';
    return block.slice(start - (starts[first] ?? start), end - (starts[first] ?? start));
  }

  /**
   * A slice of the pieces not yet gathered into a block, without gathering them (a stream cuts a string's runs from
   * here at each escape: sealing there would leave many small blocks). Found from the last piece back: a slice ends
   * near the text's end, and the tail is at most a block long.
   */
  private tailSlice(start: number, end: number): string {
    if (end <= start) return '';
    const { tail } = this;
    let index = tail.length - 1;
    let pieceStart = this.end - tail[index]!.length;
    while (pieceStart > start) pieceStart -= tail[--index]!.length;
    const first = tail[index]!;
    if (end - pieceStart <= first.length) return first.slice(start - pieceStart, end - pieceStart);
    const parts = [first.slice(start - pieceStart)];
    for (let at = pieceStart + first.length; at < end; at += tail[index]!.length) {
      const piece = tail[++index]!;
      parts.push(end - at < piece.length ? piece.slice(0, end - at) : piece);
    }
    return parts.join('');
  }

  /** The block that holds `position` (the last that starts at or before it). */
  private blockAt(position: number): number {
    const { starts } = this;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    return low;
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
