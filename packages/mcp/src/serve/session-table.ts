import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface SessionLimits {
  /** Sessions open at once; an `initialize` past it answers 503 until one closes or expires. */
  maxSessions: number;
  /** A session with no request open for this long is closed (its client gets 404 and starts a new one). */
  sessionIdleMs: number;
  /**
   * Sessions of one authenticated principal: past it, that principal's least recently used idle session is closed
   * to make room, or, when all of them are busy, the `initialize` is refused. Anonymous clients are not counted
   * apart (they cannot be told apart), only against `maxSessions`.
   */
  maxSessionsPerClient: number;
}

/** Why there is no room: the server is full, or this principal has its share of busy sessions. */
export type NoRoom = 'server-full' | 'client-full';

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
  /** Initializations under way, by principal: counted against the caps before their session id exists. */
  readonly #opening = new Map<string, number>();
  #openingTotal = 0;
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
   * Reserves room for one more session of `principal`, closing the idle ones past their time first, and that
   * principal's least recently used idle session when it has its share. The reservation is kept by `open` (the
   * initialization gave a session id) or given back by `release`.
   */
  reserve(principal: string, anonymous: boolean): Reservation | NoRoom {
    if (this.#sessions.size + this.#openingTotal >= this.#limits.maxSessions) this.sweep();
    if (!anonymous && !this.#roomFor(principal)) return 'client-full';
    if (this.#sessions.size + this.#openingTotal >= this.#limits.maxSessions) return 'server-full';
    this.#openingTotal++;
    this.#opening.set(principal, (this.#opening.get(principal) ?? 0) + 1);
    let pending = true;
    const end = () => {
      if (!pending) return false;
      pending = false;
      this.#openingTotal--;
      const left = (this.#opening.get(principal) ?? 1) - 1;
      if (left) this.#opening.set(principal, left);
      else this.#opening.delete(principal);
      return true;
    };
    return {
      open: (id, transport) => {
        if (end()) this.#sessions.set(id, { transport, principal, open: 0, lastSeen: Date.now() });
      },
      release: () => void end(),
    };
  }

  /** Below its share, or brought below it by closing its least recently used idle session. */
  #roomFor(principal: string): boolean {
    let owned = this.#opening.get(principal) ?? 0;
    let oldestIdle: [string, Session] | undefined;
    for (const entry of this.#sessions) {
      if (entry[1].principal !== principal) continue;
      owned++;
      if (entry[1].open === 0 && (!oldestIdle || entry[1].lastSeen < oldestIdle[1].lastSeen)) oldestIdle = entry;
    }
    if (owned < this.#limits.maxSessionsPerClient) return true;
    if (!oldestIdle) return false;
    this.#close(...oldestIdle);
    return true;
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
      if (session.open === 0 && session.lastSeen <= before) this.#close(id, session);
    }
  }

  #close(id: string, session: Session): void {
    this.#sessions.delete(id);
    void session.transport.close().catch(() => {});
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all(sessions.map((session) => session.transport.close().catch(() => {})));
  }
}
