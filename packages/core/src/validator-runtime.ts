// What validators precompiled by `gen-tools --validators` (ajv standalone code) call at run time: ajv's small
// runtime helpers and ajv-formats' formats. Re-exported here, as one ESM/CJS entry, because a user's project
// depends on @toolwright/core, not on ajv (which a strict package manager would not let it import), and because
// ajv's own standalone output reaches them with `require`, which a worker bundle cannot always use.
import * as equalModule from 'ajv/dist/runtime/equal.js';
import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import * as uriModule from 'ajv/dist/runtime/uri.js';
import * as validationErrorModule from 'ajv/dist/runtime/validation_error.js';
import * as formatsModule from 'ajv-formats/dist/formats.js';

/** The value a CommonJS module compiled from TS exports as `default`, whichever way the importer interoperates. */
function defaultOf<T>(module: unknown): T {
  // Node's ESM import of CJS puts module.exports on `default`; TS's CJS output puts the export there again. Two
  // steps at most (fast-uri's exports name themselves as their own `default`).
  let value = module as { default?: unknown };
  for (let step = 0; step < 2 && typeof value === 'object' && value !== null && value.default !== undefined; step++) {
    if (value.default === value) break;
    value = value.default as typeof value;
  }
  return value as T;
}

export const equal = defaultOf<(a: unknown, b: unknown) => boolean>(equalModule);
export const ucs2length = defaultOf<(text: string) => number>(ucs2lengthModule);
export const uri = defaultOf<unknown>(uriModule);
export const ValidationError = defaultOf<new (errors: unknown[]) => Error>(validationErrorModule);
export const fullFormats = ((formatsModule as { fullFormats?: unknown; default?: { fullFormats?: unknown } }).fullFormats ??
  (formatsModule as { default?: { fullFormats?: unknown } }).default?.fullFormats) as Record<string, unknown>;
