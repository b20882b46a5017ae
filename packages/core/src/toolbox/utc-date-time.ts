/** A calendar date, or a date and time of day, with no UTC offset: what models often send for a date-time. */
const WITHOUT_OFFSET = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?$/;

/**
 * The RFC 3339 date-time for a date-time text without an offset, read as UTC: `2025-06-02T09:00:00` becomes
 * `2025-06-02T09:00:00Z`, `2025-06-02` becomes `2025-06-02T00:00:00Z`. Null for any other text (a text with an offset
 * is already exact; one that is no date at all is left for validation to report). JavaScript's own `Date` parser
 * would read the first in the server's local time zone, so that the same call meant another instant on each server.
 */
export function utcDateTime(text: string): string | null {
  const match = WITHOUT_OFFSET.exec(text);
  if (!match) return null;
  const [year, month, day, hours = '00', minutes = '00', seconds = '00', fraction = ''] = match.slice(1) as string[];
  // Only a real calendar date and time of day is completed; anything else stays as sent, for validation to report.
  const [y, mo, d, h, mi, s] = [year, month, day, hours, minutes, seconds].map(Number) as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const instant = new Date(0);
  instant.setUTCFullYear(y, mo - 1, d); // not Date.UTC, which reads years below 100 as 19xx
  if (instant.getUTCMonth() !== mo - 1 || instant.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return `${year}-${month}-${day}T${hours}:${minutes}:${seconds}${fraction}Z`;
}
