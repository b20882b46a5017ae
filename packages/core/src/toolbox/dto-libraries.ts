/**
 * class-transformer and class-validator are optional peer dependencies: they are loaded on first need, by a tool
 * with a DTO parameter, never at import time.
 */
export interface ValidationErrorLike {
  property: string;
  value?: unknown;
  constraints?: Record<string, string>;
  children?: ValidationErrorLike[];
}

export interface DtoLibraries {
  plainToInstance(cls: unknown, plain: unknown): unknown;
  validate?: (object: object, options?: Record<string, unknown>) => Promise<ValidationErrorLike[]>;
}

let transformer: Promise<DtoLibraries['plainToInstance']> | undefined;
let validator: Promise<NonNullable<DtoLibraries['validate']>> | undefined;

class MissingPeerError extends Error {
  override name = 'ToolSetupError';
}

function pick<T>(module: unknown, name: string, peer: string, purpose: string): T {
  const found =
    (module as Record<string, unknown>)[name] ?? (module as { default?: Record<string, unknown> }).default?.[name];
  if (typeof found !== 'function') throw new MissingPeerError(`${peer} does not export ${name}; ${purpose}`);
  return found as T;
}

export function loadTransformer(purpose: string): Promise<DtoLibraries['plainToInstance']> {
  transformer ??= import('class-transformer').then(
    (module) => pick<DtoLibraries['plainToInstance']>(module, 'plainToInstance', 'class-transformer', purpose),
    (error: unknown) => {
      transformer = undefined;
      throw new MissingPeerError(
        `class-transformer could not be loaded (${(error as Error).message}); it is needed ${purpose}: install it`,
      );
    },
  );
  return transformer;
}

export function loadValidator(purpose: string): Promise<NonNullable<DtoLibraries['validate']>> {
  validator ??= import('class-validator').then(
    (module) => pick<NonNullable<DtoLibraries['validate']>>(module, 'validate', 'class-validator', purpose),
    (error: unknown) => {
      validator = undefined;
      throw new MissingPeerError(
        `class-validator could not be loaded (${(error as Error).message}); it is needed ${purpose}: install it`,
      );
    },
  );
  return validator;
}
