// Date parameters: Gemini often sends a date-time without its UTC offset ("2025-06-02T09:00:00"), or a bare date.
// Both are accepted and read as UTC, whatever the server's time zone, so no retry turn is spent on them.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineManifest, tool, Toolbox } from '@toolwright/core';

class Calendar {
  @tool()
  book(when: Date, also?: Date[], until?: Date | null) {
    return {
      when: when.toISOString(),
      also: also?.map((date) => date.toISOString()),
      until: until === undefined ? undefined : (until?.toISOString() ?? null),
    };
  }
}

const dateTime = { type: 'string', format: 'date-time' } as const;
const manifest = defineManifest({
  version: 1,
  tools: [
    {
      name: 'book',
      class: 'Calendar',
      method: 'book',
      file: 'calendar.ts',
      target: () => Calendar,
      parameters: {
        type: 'object',
        properties: {
          when: dateTime,
          also: { type: 'array', items: dateTime },
          until: { anyOf: [dateTime, { type: 'null' }] },
        },
        required: ['when'],
      },
      params: [
        { name: 'when', kind: 'value', revive: { kind: 'date' } },
        { name: 'also', kind: 'value', optional: true, revive: { kind: 'array', items: { kind: 'date' } } },
        { name: 'until', kind: 'value', optional: true, revive: { kind: 'date' } },
      ],
    },
  ],
});

const toolbox = new Toolbox([new Calendar()], manifest);
const book = async (args: Record<string, unknown>) =>
  (await toolbox.call({ name: 'book', args })).functionResponse.response;

// A zone far from UTC, so that reading the text as local time would show.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Pacific/Kiritimati';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('Date parameters', () => {
  it('read a date-time without an offset, and a bare date, as UTC, in every position a date can be', async () => {
    expect(new Date('2025-06-02T09:00:00').getTimezoneOffset()).not.toBe(0);
    expect(
      await book({
        when: '2025-06-02T09:00:00',
        also: ['2025-06-03', '2025-06-04T10:30'],
        until: '2025-06-05 12:00:00.250',
      }),
    ).toEqual({
      output: {
        when: '2025-06-02T09:00:00.000Z',
        also: ['2025-06-03T00:00:00.000Z', '2025-06-04T10:30:00.000Z'],
        until: '2025-06-05T12:00:00.250Z',
      },
    });
  });

  it('keep an explicit offset, and still refuse text that is no date', async () => {
    expect(await book({ when: '2025-06-02T09:00:00+02:00', until: null })).toEqual({
      output: { when: '2025-06-02T07:00:00.000Z', until: null },
    });
    expect(await book({ when: '2025-06-02T25:00:00' })).toMatchObject({
      error: { issues: [{ path: '/when', received: 'string "2025-06-02T25:00:00"' }] },
    });
    expect(await book({ when: 'next tuesday' })).toMatchObject({
      error: { issues: [{ path: '/when', expected: 'string in format date-time, e.g. "2025-01-31T09:30:00Z"' }] },
    });
  });

  it('any date and time of day without an offset is the same instant as with Z', async () => {
    const pad = (n: number, width = 2) => String(n).padStart(width, '0');
    await fc.assert(
      fc.asyncProperty(
        fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.constantFrom('date', 'minutes', 'seconds', 'millis'),
        async (date, precision) => {
          const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
          const minutes = `${day}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
          const seconds = `${minutes}:${pad(date.getUTCSeconds())}`;
          const text = { date: day, minutes, seconds, millis: `${seconds}.${pad(date.getUTCMilliseconds(), 3)}` }[
            precision
          ];
          const expected = new Date(`${text}${precision === 'date' ? 'T00:00:00' : ''}Z`).toISOString();
          expect(await book({ when: text })).toEqual({ output: { when: expected } });
        },
      ),
      { numRuns: 60 },
    );
  });
});
