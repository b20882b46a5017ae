import { Ajv2020 } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';
import type { JsonSchema, ObjectJsonSchema } from '../json-schema.js';
import { someSchemaNode } from '../render/schema-keywords.js';
import { checkerSupport, compileChecker } from '../schema-checker/compile-checker.js';
import { fullFormats } from '../validator-runtime/formats.js';
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
    sharedAjv = new Ajv2020({ ...validatorAjvOptions });
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
    // values, the schema checker, which reports ajv's errors and compares JSON values by structure, checks instead.
    const compares = comparesValues(schema);
    if (compares && checkerSupport(schema).supported) validator = compileChecker(schema, fullFormats);
    else {
      validator = ajv().compile(schema) as PrecompiledValidator;
      if (compares) validator = withCheckerWhereAjvThrows(validator, schema);
    }
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

/**
 * ajv's deep equality (fast-deep-equal) calls an object's own `valueOf` or `toString`: a model's object with a
 * property of that name makes ajv's validator throw, and so does an object without a prototype (see
 * ArgumentPlan.inheritedNames). There the schema checker, which reports ajv's errors and compares JSON values by their
 * structure, answers instead, for a schema it takes.
 */
function withCheckerWhereAjvThrows(validator: PrecompiledValidator, schema: JsonSchema): PrecompiledValidator {
  let checker: PrecompiledValidator | null | undefined;
  const validate: PrecompiledValidator = (data) => {
    let valid: boolean;
    try {
      valid = validator(data);
    } catch (error) {
      checker ??= checkerSupport(schema).supported ? compileChecker(schema, fullFormats) : null;
      if (checker === null) throw error;
      valid = checker(data);
      validate.errors = checker.errors ?? null;
      return valid;
    }
    validate.errors = validator.errors ?? null;
    return valid;
  };
  return validate;
}
