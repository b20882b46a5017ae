import type { DtoModules } from '../manifest.js';

/**
 * class-transformer and class-validator are optional peer dependencies, needed by tools that take a DTO class only:
 * taken from the modules gen-tools' TS module imports for such tools (`dtoModules`), else imported here on the first
 * call that needs them, never at import time.
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

/** What a tool that takes a DTO class needs: class-validator too where `validate`; the manifest's modules, if any. */
export interface DtoNeeds {
  readonly validate: boolean;
  readonly modules: DtoModules | undefined;
}

/**
 * Not string literals in the `import()`s below: a bundler takes in every module a literal import names, so every app
 * would carry both libraries (about 400 KB minified, which V8 parses at every cold start: 93 M instructions, more than
 * a 100-tool app's whole cold start) whether or not a tool takes a DTO class. An app whose tools do gets them from
 * its manifest module's imports, which a bundler follows.
 */
const CLASS_TRANSFORMER: string = 'class-transformer';
const CLASS_VALIDATOR: string = 'class-validator';

let transformer: Promise<DtoLibraries['plainToInstance']> | undefined;
let validator: Promise<NonNullable<DtoLibraries['validate']>> | undefined;

class MissingPeerError extends Error {
  override name = 'ToolSetupError';
}

/** The libraries a tool needs (`purpose` says which tool, for the error when one cannot be loaded). */
export async function dtoLibraries(needs: DtoNeeds, purpose: string): Promise<DtoLibraries> {
  const given = needs.modules;
  const plainToInstance = given?.classTransformer
    ? pick<DtoLibraries['plainToInstance']>(given.classTransformer, 'plainToInstance', CLASS_TRANSFORMER, purpose)
    : await loadTransformer(purpose);
  if (!needs.validate) return { plainToInstance };
  const validate = given?.classValidator
    ? pick<NonNullable<DtoLibraries['validate']>>(given.classValidator, 'validate', CLASS_VALIDATOR, purpose)
    : await loadValidator(purpose);
  return { plainToInstance, validate };
}

function pick<T>(module: unknown, name: string, peer: string, purpose: string): T {
  const found =
    (module as Record<string, unknown>)[name] ?? (module as { default?: Record<string, unknown> }).default?.[name];
  if (typeof found !== 'function') throw new MissingPeerError(`${peer} does not export ${name}; ${purpose}`);
  return found as T;
}

function loadTransformer(purpose: string): Promise<DtoLibraries['plainToInstance']> {
  transformer ??= import(/* webpackIgnore: true */ /* @vite-ignore */ CLASS_TRANSFORMER).then(
    (module) => pick<DtoLibraries['plainToInstance']>(module, 'plainToInstance', CLASS_TRANSFORMER, purpose),
    (error: unknown) => {
      transformer = undefined;
      throw missing(CLASS_TRANSFORMER, error, purpose);
    },
  );
  return transformer;
}

function loadValidator(purpose: string): Promise<NonNullable<DtoLibraries['validate']>> {
  validator ??= import(/* webpackIgnore: true */ /* @vite-ignore */ CLASS_VALIDATOR).then(
    (module) => pick<NonNullable<DtoLibraries['validate']>>(module, 'validate', CLASS_VALIDATOR, purpose),
    (error: unknown) => {
      validator = undefined;
      throw missing(CLASS_VALIDATOR, error, purpose);
    },
  );
  return validator;
}

function missing(peer: string, error: unknown, purpose: string): MissingPeerError {
  return new MissingPeerError(
    `${peer} could not be loaded (${(error as Error).message}); it is needed ${purpose}: install it ` +
      "(a bundled app: bind with gen-tools' TS manifest, whose imports bring it into the bundle)",
  );
}
