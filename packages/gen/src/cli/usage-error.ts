/** A problem with how gen-tools was called (a missing tsconfig, a bad option): the CLI exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
