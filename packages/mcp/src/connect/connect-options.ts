import type { McpWarning } from './tool-entries.js';
import { PACKAGE_VERSION } from '../package-version.js';

/** Picks tools by their name on the server: a list of names and patterns, or a predicate. */
export type ToolFilter = ReadonlyArray<string | RegExp> | ((name: string) => boolean);

export interface ConnectMcpOptions {
  /** Only these tools (names on the server). */
  include?: ToolFilter;
  /** Not these tools (names on the server). */
  exclude?: ToolFilter;
  /** Put before every name the model sees (`github_`), to keep several servers apart. */
  prefix?: string;
  /**
   * Time limit in ms of each call, and of listing the tools (every page) as a whole (default 60,000; 0 or Infinity:
   * none). A total: the server's progress does not extend it.
   */
  timeoutMs?: number;
  /** Most `tools/list` pages read (default 100): a server that never stops sending cursors fails the listing. */
  maxPages?: number;
  /** Most tools the server may list, over all pages and before `include`/`exclude` (default 1,000). */
  maxTools?: number;
  /**
   * Cap on the JSON size of a result in characters (default 100,000, as a Toolbox's `maxResultSize`); bigger results
   * are cut and flagged `truncated: true`, and an error's text is cut to it.
   */
  maxResultSize?: number;
  /**
   * Cap on the media of one result (images, audio, binary resources as inline data for the model), in base64
   * characters (default 5,000,000, as a Toolbox's `maxMediaSize`): media past it is left out, and the output says
   * what was, flagged `truncated: true`.
   */
  maxMediaSize?: number;
  /** After a crash or a lost session, reconnect and send the call once more (default true). */
  retry?: boolean;
  /**
   * Hears what the declarations could not say as the server did, and each tool of its list left out because it
   * cannot be called (the list is also on `warnings`).
   */
  onWarning?: (warning: McpWarning) => void;
  /** The client's name and version in `initialize`. */
  clientInfo?: { name: string; version: string };
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_PAGES = 100;
export const DEFAULT_MAX_TOOLS = 1_000;
export const DEFAULT_MAX_RESULT_SIZE = 100_000;
/** The SDK needs a number: about 24 days stands for "none". */
export const NO_LIMIT = 2 ** 31 - 1;

export const CLIENT_INFO = { name: 'toolwright', version: PACKAGE_VERSION };

/** A time limit as the SDK takes it: 0, a negative number or Infinity means none. */
export function sdkTimeout(limit: number): number {
  return limit > 0 && limit < NO_LIMIT ? limit : NO_LIMIT;
}

export function matchesFilter(filter: ToolFilter, name: string): boolean {
  if (typeof filter === 'function') return filter(name);
  return filter.some((entry) => (typeof entry === 'string' ? entry === name : entry.test(name)));
}
