import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface SessionLimits {
  /** Sessions open at once; an `initialize` past it answers 503 until one closes or expires. */
  maxSessions: number;
  /** A session with no request open for this long is closed (its client gets 404 and starts a new one). */
  sessionIdleMs: number;
}

/** Room for one session while its `initialize` is served. */
export interface Reservation {
  open(id: string, transport: StreamableHTTPServerTransport): void;
  release(): void;
}

interface Session {
  readonly transport: StreamableHTTPServerTransport;
  readonly principal: string;
  /** Requests (and GET streams) of this session still open: a session busy with a long call is not idle. */
  open: number;
  lastSeen: number;
}

/**
 * The sessions of one HTTP server, bounded in count and in idle time, each bound to the principal that opened it.
 * A session id presented by another principal is treated as unknown (404), so ids cannot be probed across users.
 */
export class SessionTable {
  readonly #sessions = new Map<string, Session>();
  readonly #limits: SessionLimits;
  /** Initializations under way: counted against the cap before their session id exists. */
  #opening = 0;
  readonly #sweeper: ReturnType<typeof setInterval>;

  constructor(limits: SessionLimits) {
    this.#limits = limits;
    this.#sweeper = setInterval(() => this.sweep(), Math.min(Math.max(limits.sessionIdleMs / 2, 10), 60_000));
    this.#sweeper.unref();
  }

  get size(): number {
    return this.#sessions.size;
  }

  /** The session, if it exists and belongs to this principal. */
  get(id: string, principal: string): Session | undefined {
    const session = this.#sessions.get(id);
    return session?.principal === principal ? session : undefined;
  }

  /**
   * Reserves room for one more session, or answers undefined when the table is full even after closing the idle
   * ones. The reservation is kept by `open` (the initialization gave a session id) or given back by `release`.
   */
  reserve(principal: string): Reservation | undefined {
    if (this.#sessions.size + this.#opening >= this.#limits.maxSessions) this.sweep();
    if (this.#sessions.size + this.#opening >= this.#limits.maxSessions) return undefined;
    this.#opening++;
    let pending = true;
    const end = () => {
      const was = pending;
      pending = false;
      if (was) this.#opening--;
      return was;
    };
    return {
      open: (id, transport) => {
        if (end()) this.#sessions.set(id, { transport, principal, open: 0, lastSeen: Date.now() });
      },
      release: () => void end(),
    };
  }

  delete(id: string): void {
    this.#sessions.delete(id);
  }

  /** Marks a request of the session open until `done` runs. */
  begin(session: Session): () => void {
    session.open++;
    return () => {
      session.open--;
      session.lastSeen = Date.now();
    };
  }

  /** Closes the sessions idle for longer than the limit. */
  sweep(): void {
    const before = Date.now() - this.#limits.sessionIdleMs;
    for (const [id, session] of this.#sessions) {
      if (session.open === 0 && session.lastSeen <= before) {
        this.#sessions.delete(id);
        void session.transport.close().catch(() => {});
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all(sessions.map((session) => session.transport.close().catch(() => {})));
  }
}
