import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema, type Implementation } from '@modelcontextprotocol/sdk/types.js';
import type { OAuthStepUp } from './oauth-step-up.js';
import { oauthStepUp, openClient, type HttpTarget, type StdioTarget } from './targets.js';

/** What the connection tells its McpToolbox: the tool list may have changed (a notification, or a new connection). */
export type ListMayHaveChanged = () => void;

/**
 * The Client an McpToolbox talks through, and its life: a crashed child or lost HTTP session is reconnected (once at
 * a time) for a target this owns; a Client the caller gave is used while it is connected, never reconnected or closed.
 */
export class McpConnection {
  readonly #target: StdioTarget | HttpTarget | undefined;
  readonly #given: Client | undefined;
  readonly #clientInfo: Implementation;
  readonly #listMayHaveChanged: ListMayHaveChanged;
  /** Authorization in the middle of a session (a URL target with an `authProvider`), across reconnects. */
  readonly stepUp: OAuthStepUp | undefined;
  #client: Client | undefined;
  #connecting: Promise<Client> | undefined;
  #closed = false;

  /** `target` undefined: the client is the caller's. */
  constructor(
    client: Client,
    target: StdioTarget | HttpTarget | undefined,
    clientInfo: Implementation,
    listMayHaveChanged: ListMayHaveChanged,
  ) {
    this.#target = target;
    this.#given = target ? undefined : client;
    this.#clientInfo = clientInfo;
    this.#listMayHaveChanged = listMayHaveChanged;
    this.stepUp = oauthStepUp(target);
    this.#adopt(client);
  }

  /** The Client while it is connected. */
  get client(): Client | undefined {
    return this.#client;
  }

  /** Whether a lost connection can be opened again here (a target this owns, not closed). */
  get canReconnect(): boolean {
    return this.#target !== undefined && !this.#closed;
  }

  /** The connected client, reconnecting (once at a time) when the last one was lost. */
  connected(): Promise<Client> {
    if (this.#closed) return Promise.reject(new Error('the McpToolbox is closed'));
    if (this.#client) return Promise.resolve(this.#client);
    if (!this.#target) return this.#givenConnected(this.#given!);
    this.#connecting ??= openClient(this.#target, this.#clientInfo).then(
      (client) => {
        this.#connecting = undefined;
        if (this.#closed) {
          void client.close();
          throw new Error('the McpToolbox is closed');
        }
        this.#adopt(client);
        this.#listMayHaveChanged(); // the restarted server may list other tools
        return client;
      },
      (error: unknown) => {
        this.#connecting = undefined;
        throw error;
      },
    );
    return this.#connecting;
  }

  /** Forgets a client whose connection failed (and closes it, when it is ours); the next call reconnects. */
  drop(client: Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    if (this.#target) void client.close().catch(() => {});
  }

  /** Ends the connection; a child process started for it is ended too. The caller's own Client is left open. */
  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = undefined;
    const pending = this.#connecting;
    this.#connecting = undefined;
    if (!this.#target) return;
    await Promise.all(
      [
        client?.close(),
        pending?.then(
          (late) => late.close(),
          () => {},
        ),
      ].map((step) => step?.catch(() => {})),
    );
  }

  /**
   * The caller's Client once its owner has connected it again (as `client.connect(transport)`), else a rejection
   * that says so: its transport is theirs, so reconnecting is theirs too.
   */
  #givenConnected(client: Client): Promise<Client> {
    if (!client.transport) {
      const message =
        'the connection to the server is closed (the MCP Client given to connectMcp is reconnected only by its owner)';
      return Promise.reject(new Error(message));
    }
    this.#client = client;
    this.#listMayHaveChanged(); // connected again, perhaps to a restarted server that lists other tools
    return Promise.resolve(client);
  }

  #adopt(client: Client): void {
    this.#client = client;
    const previous = client.onclose;
    client.onclose = () => {
      previous?.();
      if (this.#client === client) this.#client = undefined;
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.#listMayHaveChanged());
  }
}
