import type { AuthorizeResult } from './request-guard.js';

/** Who a granted request comes from: the auth object to pass to tools, and the key its sessions are bound to. */
export interface Grant {
  auth?: AuthInfo;
  /** `client:<clientId>` for an auth object; `anonymous` for `true` or a server without `authorize`. */
  principal: string;
}

type AuthInfo = Exclude<AuthorizeResult, boolean>;

export const ANONYMOUS: Grant = Object.freeze({ principal: 'anonymous' });

/**
 * Fails closed: only `true` or a well-formed auth object (`token` and `clientId` strings, `scopes` an array) grants.
 * `false`, `undefined`, `null`, a forgotten `return` in an async hook, a string, a half-built object: all refused.
 */
export function grantOf(verdict: unknown): Grant | undefined {
  if (verdict === true) return ANONYMOUS;
  if (!isAuthInfo(verdict)) return undefined;
  return { auth: verdict, principal: `client:${verdict.clientId}` };
}

function isAuthInfo(value: unknown): value is AuthInfo {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { token, clientId, scopes } = value as Record<string, unknown>;
  return typeof token === 'string' && typeof clientId === 'string' && Array.isArray(scopes);
}
