import { Ajv2020 } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';
import type { ObjectJsonSchema } from '../json-schema.js';
import { linearRegExp } from '../linear-regexp.js';
import type { PrecompiledValidator } from './types.js';
import { validationSchema, validatorAjvOptions } from './validation.js';

// Loaded on demand (see runtime-compiler.ts): ajv is most of what importing core would cost, and a Toolbox whose
// validators were precompiled by gen-tools never needs it.

// ajv-formats' plugin: its default export, or the module itself through CommonJS interop.
const addFormats = ((formatsModule as { default?: unknown }).default ?? formatsModule) as (ajv: Ajv2020) => void;

let sharedAjv: Ajv2020 | undefined;

/** One ajv for the process, made on first use: validators compile once per schema and are cached. */
function ajv(): Ajv2020 {
  if (!sharedAjv) {
    // Patterns on RE2's linear-time engine: a model's or a server's text cannot stall the process.
    sharedAjv = new Ajv2020({ ...validatorAjvOptions, code: { regExp: linearRegExp } });
    addFormats(sharedAjv);
  }
  return sharedAjv;
}

const compiledStrict = new WeakMap<object, PrecompiledValidator>();
const compiledLoose = new WeakMap<object, PrecompiledValidator>();

/** Compiles (once per declared schema object, for all Toolboxes) the validator for a tool's arguments. */
export function compileValidator(parameters: ObjectJsonSchema, rejectExtraProperties: boolean): PrecompiledValidator {
  const cache = rejectExtraProperties ? compiledStrict : compiledLoose;
  let validator = cache.get(parameters);
  if (!validator) {
    validator = ajv().compile(validationSchema(parameters, rejectExtraProperties)) as PrecompiledValidator;
    cache.set(parameters, validator);
  }
  return validator;
}
