/** Adds sentences to a description, keeping the author's text first. */
export function withNotes(description: string | undefined, notes: string[]): string | undefined {
  if (notes.length === 0) return description;
  const text = description?.trim();
  if (!text) return notes.join(' ');
  return `${/[.!?:]$/.test(text) ? text : `${text}.`} ${notes.join(' ')}`;
}

/** The description a deprecated schema gets: the word first, so that the model reads it before anything else. */
export function deprecatedFirst(description: string | undefined, deprecated: boolean | undefined): string | undefined {
  if (deprecated !== true) return description;
  return withNotes('Deprecated.', description?.trim() ? [description.trim()] : []);
}

const FORMAT_NOTES = new Map<string, string>([
  ['date', 'Format: date (YYYY-MM-DD).'],
  ['time', 'Format: time (HH:MM:SS).'],
  ['date-time', 'Format: date-time (ISO 8601, e.g. 2026-01-31T09:30:00Z).'],
  ['email', 'Format: e-mail address.'],
  ['uri', 'Format: absolute URI.'],
  ['url', 'Format: absolute URL.'],
  ['uuid', 'Format: UUID.'],
]);

/** The description note for a string format the target cannot carry (a Map: `constructor` is a format name too). */
export function formatNote(format: string): string {
  return FORMAT_NOTES.get(format) ?? `Format: ${format}.`;
}
