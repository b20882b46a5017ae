/**
 * The most base64 characters of media (images, audio, binary resources) one answer carries, by default: about
 * 3.6 MiB of bytes. Gemini takes at most 20 MB in a whole request, and each answer stays in the history after it.
 */
export const DEFAULT_MAX_MEDIA_SIZE = 5_000_000;

/** An item's media: its type and its size in base64 characters; undefined for an item that is not media. */
export type MediaOf<T> = (item: T) => { mimeType: string; size: number } | undefined;

/**
 * The items in order, each media item kept while the answer's media fits `maxMediaSize` (base64 characters) and
 * otherwise replaced by a note (a string) that says what was left out and why. Items that are not media are kept.
 */
export function capMedia<T>(items: readonly T[], mediaOf: MediaOf<T>, maxMediaSize: number): (T | string)[] {
  let left = maxMediaSize;
  return items.map((item) => {
    const media = mediaOf(item);
    if (media === undefined) return item;
    if (media.size <= left) {
      left -= media.size;
      return item;
    }
    return (
      `[${media.mimeType}, ${media.size.toLocaleString('en-US')} characters of base64, left out: the media of one ` +
      `answer is capped at ${maxMediaSize.toLocaleString('en-US')} (maxMediaSize)]`
    );
  });
}

/** A size option: a count of at least 0, or the default where none is given. */
export function sizeOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value >= 0) || !Number.isFinite(value))
    throw new TypeError(`${name} must be a number of characters of at least 0, got ${String(value)}`);
  return Math.floor(value);
}
