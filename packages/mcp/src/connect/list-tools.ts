import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { sendAuthorized, type OAuthStepUp } from './oauth-step-up.js';
import { ToolsPageSchema } from './tool-entries.js';

/** A cursor is an opaque token, not a payload: the ones seen are kept, so their size is bounded too. */
const MAX_CURSOR_LENGTH = 4_096;

export interface ListLimits {
  maxPages: number;
  maxTools: number;
  /** For all pages together, in ms (the SDK's number for "none" allowed). */
  timeoutMs: number;
}

/**
 * Every entry of the server's `tools/list`, page after page, unchecked (see readToolEntries). Bounded: past
 * `maxPages` pages or `maxTools` entries, or when the pages together take longer than `timeoutMs`, it fails with an
 * error that says which bound and the option that raises it, so that a server sending cursors for ever neither
 * keeps `connectMcp` pending nor fills the heap. A page the server refuses for authorization is authorized and asked
 * for again once (see sendAuthorized).
 */
export async function listToolEntries(client: Client, limits: ListLimits, stepUp?: OAuthStepUp): Promise<unknown[]> {
  const entries: unknown[] = [];
  const cursors = new Set<string>();
  let deadline = Date.now() + limits.timeoutMs;
  let cursor: string | undefined;
  for (let pages = 0; ; pages++) {
    if (pages === limits.maxPages) {
      throw new Error(
        `the server's tools/list goes on past ${limits.maxPages} pages (${entries.length} tools so far): ` +
          'raise connectMcp option maxPages if the server truly lists that many',
      );
    }
    // Not `client.listTools`: its schema parses the page whole, so one broken tool would fail the list.
    const params = cursor === undefined ? {} : { cursor };
    const page = await sendAuthorized(stepUp, (authorizingMs) => {
      deadline += authorizingMs; // a user at an authorization page is not the server's time
      const remaining = Math.max(1, deadline - Date.now());
      return client.request({ method: 'tools/list', params }, ToolsPageSchema, {
        timeout: remaining,
        maxTotalTimeout: remaining,
      });
    });
    if (entries.length + page.tools.length > limits.maxTools) {
      throw new Error(
        `the server lists more than ${limits.maxTools} tools (${entries.length + page.tools.length} after ` +
          `${pages + 1} pages): raise connectMcp option maxTools, and keep what the model sees small with include ` +
          'or exclude',
      );
    }
    entries.push(...page.tools);
    cursors.add(cursor ?? '');
    cursor = page.nextCursor;
    if (cursor !== undefined && cursor.length > MAX_CURSOR_LENGTH) {
      throw new Error(
        `the server's tools/list sent a cursor of ${cursor.length} characters (at most ${MAX_CURSOR_LENGTH} are taken)`,
      );
    }
    // A cursor seen before would list the same pages again.
    if (!cursor || cursors.has(cursor)) return entries;
  }
}
