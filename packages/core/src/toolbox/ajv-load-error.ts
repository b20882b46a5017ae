/** ajv could not be loaded where a validator needed it (a bundle that left it out, an install without it). */
export class AjvLoadError extends Error {
  override readonly name = 'AjvLoadError';
}
