// A lost session is told apart from a failed call the same way whichever HTTP transport reports it: Streamable HTTP
// puts the status on the error, the legacy SSE transport only in its message.
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isConnectionFault } from '../src/connect/connection-faults.js';

describe('isConnectionFault', () => {
  it('judges an HTTP failure the same from either transport', () => {
    const text = fc.oneof(
      fc.constantFrom(
        'Session not found',
        'No valid session ID provided',
        'no such session',
        'Bad Request',
        'Unauthorized',
        '',
      ),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), text, (status, body) => {
        const streamable = new StreamableHTTPError(status, `Error POSTing to endpoint: ${body}`);
        const sse = new Error(`Error POSTing to endpoint (HTTP ${status}): ${body}`);
        expect(isConnectionFault(sse)).toBe(isConnectionFault(streamable));
        if (status === 404) expect(isConnectionFault(sse)).toBe(true);
        if (status === 400 && /session/i.test(body)) expect(isConnectionFault(sse)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves errors of the call itself alone', () => {
    expect(isConnectionFault(new Error('Error POSTing to endpoint (HTTP 401): Unauthorized'))).toBe(false);
    expect(isConnectionFault(new Error('Error POSTing to endpoint (HTTP 500): boom'))).toBe(false);
    expect(isConnectionFault(new RangeError('bad value 404'))).toBe(false);
  });
});
