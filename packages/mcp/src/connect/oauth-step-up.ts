import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { OAuthChallenge } from './oauth-challenge.js';

/** What connectMcp took for OAuth on a URL target. */
export interface OAuthSettings {
  serverUrl: URL;
  authProvider: OAuthClientProvider;
  authorizationCode: (() => Promise<string>) | undefined;
  /** For the requests to the authorization server (the target's headers and byte bound). */
  fetchFn: FetchLike;
  /** Every scope the server asked for so far, connecting or not (see scopesAsked). */
  asked: () => Iterable<string>;
}

/**
 * The scopes a URL target's server asked for in its challenges, on every connection made for that target: a step-up
 * asks for them again with the new one, as the token response need not say which scopes it granted.
 */
const askedOf = new WeakMap<object, Set<string>>();

export function rememberAsked(target: object, scope: string): void {
  let asked = askedOf.get(target);
  if (!asked) askedOf.set(target, (asked = new Set()));
  for (const one of scope.split(' ')) if (one) asked.add(one);
}

export function scopesAsked(target: object): Iterable<string> {
  return askedOf.get(target) ?? [];
}

/** A request refused for authorization that connectMcp could not (or may no more) authorize; says what to do. */
export class McpAuthorizationError extends Error {
  override readonly name = 'McpAuthorizationError';
  constructor(
    message: string,
    /** The scope the server asked for, when it said. */
    readonly scope: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Authorization asked for in the middle of a session (a 401, or a 403 insufficient_scope: step-up), for every request
 * of one connection: one round at a time, which the requests refused meanwhile share, so that calls refused together
 * bring one authorization page, not one each. A round tries the provider's refresh token for a 401, and for a 403
 * goes to the authorization page for the scope asked for with the scope held so far (a refresh cannot widen a grant,
 * RFC 6749 §6), then exchanges the code that `authorizationCode` brings back.
 */
export class OAuthStepUp {
  readonly #settings: OAuthSettings;
  #round: Promise<void> | undefined;
  #finished = 0;

  constructor(settings: OAuthSettings) {
    this.#settings = settings;
  }

  /** Rounds that authorized so far: a request notes it before it is sent, to know whether one since covers it. */
  get rounds(): number {
    return this.#finished;
  }

  /**
   * After `challenge` refused a request sent when `roundsBefore` rounds were finished: resolves once the request can
   * be sent again (a round finished since, or the one this joins or starts), or rejects with what to do instead.
   */
  async authorized(challenge: OAuthChallenge, roundsBefore: number): Promise<void> {
    if (this.#round) return this.#round;
    if (this.#finished > roundsBefore) return; // authorized since the request went out, with the token it lacked
    if (challenge.status === 403 && !this.#settings.authorizationCode) {
      throw new McpAuthorizationError(
        `${challenge.message}. Pass connectMcp's authorizationCode so that the user can grant it when asked, or ` +
          'give the authProvider a token that carries it and connect again.',
        challenge.scope,
      );
    }
    const round = this.#authorize(challenge).then(() => {
      this.#finished++;
    });
    this.#round = round.finally(() => (this.#round = undefined));
    return this.#round;
  }

  async #authorize(challenge: OAuthChallenge): Promise<void> {
    const { serverUrl, authProvider, authorizationCode, fetchFn } = this.#settings;
    const scope = challenge.status === 403 ? await this.#widened(challenge.scope) : challenge.scope;
    const request = {
      serverUrl,
      fetchFn,
      ...(challenge.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {}),
      ...(scope !== undefined ? { scope } : {}),
    };
    const asked = scope === undefined ? 'authorization' : `OAuth scope "${scope}"`;
    try {
      const provider = challenge.status === 403 ? withoutRefresh(authProvider) : authProvider;
      if ((await auth(provider, request)) === 'AUTHORIZED') return;
      if (!authorizationCode) {
        throw new McpAuthorizationError(
          'the MCP server asks for authorization again (401) and the authProvider was sent to its authorization page; ' +
            "pass connectMcp's authorizationCode to finish it there, or connect again once the provider holds a token",
          scope,
        );
      }
      const code = await authorizationCode();
      if ((await auth(authProvider, { ...request, authorizationCode: code })) !== 'AUTHORIZED')
        throw new Error('the authorization server gave no token for the code');
    } catch (error) {
      if (error instanceof McpAuthorizationError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new McpAuthorizationError(`authorizing ${asked} for the MCP server failed: ${reason}`, scope);
    }
  }

  /**
   * The scope asked for, with the one the token holds and every one the server asked for before, so that a step-up
   * does not lose what was granted before (the union that SEP-2350 has clients ask for).
   */
  async #widened(asked: string | undefined): Promise<string | undefined> {
    const held = (await this.#settings.authProvider.tokens())?.scope;
    const scopes = new Set([...(asked ?? '').split(' '), ...(held ?? '').split(' '), ...this.#settings.asked()]);
    scopes.delete('');
    return scopes.size ? [...scopes].join(' ') : undefined;
  }
}

/**
 * Sends a request; where the server refuses it for authorization, authorizes (see OAuthStepUp) and sends it once
 * more, never twice: refused again, it fails with a McpAuthorizationError that names the scope asked for. `send` gets
 * the ms spent authorizing (a user at an authorization page), which a time limit should not count.
 */
export async function sendAuthorized<T>(
  stepUp: OAuthStepUp | undefined,
  send: (authorizingMs: number) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const roundsBefore = stepUp?.rounds ?? 0;
  let challenge: OAuthChallenge;
  try {
    return await send(0);
  } catch (error) {
    if (!(error instanceof OAuthChallenge)) throw error;
    if (!stepUp) throw new McpAuthorizationError(withoutProvider(error), error.scope);
    challenge = error;
  }
  const started = Date.now();
  await untilAborted(stepUp.authorized(challenge, roundsBefore), signal);
  try {
    return await send(Date.now() - started);
  } catch (error) {
    if (!(error instanceof OAuthChallenge)) throw error;
    const asked = error.scope === undefined ? '' : ` for OAuth scope "${error.scope}"`;
    throw new McpAuthorizationError(
      `the MCP server still refuses the request${asked} (${error.status}) after the user authorized it: the grant ` +
        'lacks it (the user may have declined it); the request was not sent a third time',
      error.scope,
    );
  }
}

function withoutProvider(challenge: OAuthChallenge): string {
  return `${challenge.message}: connect with an authProvider (and authorizationCode) so that the user can grant it`;
}

/** Waits for `work`, or rejects as soon as the caller gives up (the shared round goes on for the others). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * The provider as `auth` sees it for a step-up: no refresh token, so that `auth` goes to the authorization page for
 * the wider scope instead of refreshing the narrow grant (which the SDK transport does, and then fails). Every other
 * member is the provider's own, called on the provider (a class may keep its state in private fields).
 */
function withoutRefresh(provider: OAuthClientProvider): OAuthClientProvider {
  return new Proxy(provider, {
    get(target, key) {
      if (key === 'tokens') {
        return async () => {
          const tokens = await target.tokens();
          if (!tokens?.refresh_token) return tokens;
          const { refresh_token: _dropped, ...rest } = tokens;
          return rest;
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
