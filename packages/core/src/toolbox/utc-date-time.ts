/** A calendar date, or a date and time of day, with no UTC offset: what models often send for a date-time. */
const WITHOUT_OFFSET = /^(\d{4}-\d{2}-\d{2})(?:[Tt ](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?)?$/;

/**
 * The RFC 3339 date-time for a date-time text without an offset, read as UTC: `2025-06-02T09:00:00` becomes
 * `2025-06-02T09:00:00Z`, `2025-06-02` becomes `2025-06-02T00:00:00Z`. Null for any other text (a text with an offset
 * is already exact; one that is no date at all is left for validation to report). JavaScript's own `Date` parser
 * would read the first in the server's local time zone, so that the same call meant another instant on each server.
 */
export function utcDateTime(text: string): string | null {
  const match = WITHOUT_OFFSET.exec(text);
  if (!match) return null;
  const [, date, time, seconds] = match;
  return `${date}T${time ?? '00:00'}${seconds ?? ':00'}Z`;
}
