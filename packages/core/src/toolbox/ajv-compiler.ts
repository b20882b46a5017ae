import { Ajv2020 } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';
import type { JsonSchema, ObjectJsonSchema } from '../json-schema.js';
import { someSchemaNode } from '../render/schema-keywords.js';
import { checkerSupport, compileChecker } from '../schema-checker/compile-checker.js';
import { fullFormats } from '../validator-runtime/formats.js';
import { linearRegExp } from '../linear-regexp.js';
import type { PrecompiledValidator } from './types.js';
import { validationSchema, validatorAjvOptions } from './validation.js';

// Loaded on demand (see runtime-compiler.ts): ajv is most of what importing core would cost, and a Toolbox whose
// validators were precompiled by gen-tools never needs it.

// ajv-formats' plugin has no `fullFormats` property: the checker takes them from core's validator runtime.
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
    const schema = validationSchema(parameters, rejectExtraProperties);
    // ajv's deep equality (fast-deep-equal) misjudges a model's objects: it calls an own `valueOf` or `toString`
    // (and throws), and takes two objects with an own `constructor` property for unequal. Where a schema compares
    // values, the schema checker, which reports ajv's errors and compares JSON values by structure, checks instead,
    // for a schema it takes (a call to another throws, and the Toolbox answers with that error).
    validator =
      comparesValues(schema) && checkerSupport(schema).supported
        ? compileChecker(schema, fullFormats, linearRegExp)
        : (ajv().compile(schema) as PrecompiledValidator);
    cache.set(parameters, validator);
  }
  return validator;
}

/** Whether ajv's code for `schema` calls its deep equality: `uniqueItems`, or a `const` or `enum` value that is not a primitive. */
function comparesValues(schema: JsonSchema): boolean {
  const compound = (value: unknown) => typeof value === 'object' && value !== null;
  return someSchemaNode(schema, (node) => {
    const { uniqueItems, const: constant, enum: allowed } = node as Record<string, unknown>;
    return uniqueItems === true || compound(constant) || (Array.isArray(allowed) && allowed.some(compound));
  });
}
