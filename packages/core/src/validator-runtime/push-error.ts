/**
 * Appends an error to a validator's error list, or starts the list: what ajv's validators write out at every error
 * site, as one call (gen-tools --validators writes this instead; see gen's emit/compact-validators.ts).
 */
export function pushError<T>(errors: T[] | null, error: T): T[] {
  if (errors === null) return [error];
  errors.push(error);
  return errors;
}
