/** Why a file tool refused or failed. The model sees the message; programmers branch on the code. */
export type SandboxErrorCode =
  | 'invalid_path'
  | 'outside_root'
  | 'symlink'
  | 'protected'
  | 'not_found'
  | 'not_a_file'
  | 'not_a_directory'
  | 'binary'
  | 'too_large'
  | 'invalid_argument'
  | 'rate_limited'
  | 'denied'
  | 'io';

/**
 * An error from the file tools. Messages speak only in paths relative to the root, so nothing outside the root
 * (not even the root's own location) reaches the model.
 */
export class SandboxError extends Error {
  override readonly name = 'SandboxError';

  constructor(
    readonly code: SandboxErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Quotes a root-relative path for a message. */
export function shown(relativePath: string): string {
  return JSON.stringify(relativePath === '' ? '.' : relativePath);
}
