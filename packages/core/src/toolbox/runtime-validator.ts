import type { JsonSchema, ObjectJsonSchema } from '../json-schema.js';
import { linearRegExp } from '../linear-regexp.js';
import { someSchemaNode } from '../render/schema-keywords.js';
import { compileChecker } from '../schema-checker/compile-checker.js';
import { fullFormats } from '../validator-runtime/formats.js';
import { AjvLoadError } from './ajv-load-error.js';
import type { PrecompiledValidator } from './types.js';
import { validationSchema } from './validation.js';

// The run-time compiler on Node and wherever code can be made from strings (package.json "imports":
// `#validator-compiler`), loaded on a tool's first call (see runtime-compiler.ts). A tool without a precompiled
// validator is checked first by the schema checker, which reports ajv's errors for the schemas manifests hold and
// loads in a fraction of ajv's time: a cold start's first call loads no ajv. A tool called often moves on to ajv's
// compiled code, which validates several times faster (as V8 tiers up a hot function); ajv also compiles the
// schemas the checker does not take.

/** Calls of one tool's validator on the checker before ajv compiles it. */
export const CALLS_BEFORE_AJV = 200;

const checkedStrict = new WeakMap<object, PrecompiledValidator>();
const checkedLoose = new WeakMap<object, PrecompiledValidator>();

let loadingAjv: Promise<typeof import('./ajv-compiler.js')> | undefined;

/**
 * The validator of a tool's arguments (once per declared schema object, for all Toolboxes): the schema checker's,
 * or ajv's for a schema the checker does not take (ajv then says what is wrong with a schema that does not compile).
 * Rejects with an AjvLoadError when ajv is needed and cannot be loaded.
 */
export async function compileAtRunTime(
  parameters: ObjectJsonSchema,
  rejectExtraProperties: boolean,
): Promise<PrecompiledValidator> {
  const cache = rejectExtraProperties ? checkedStrict : checkedLoose;
  const known = cache.get(parameters);
  if (known) return known;
  const schema = validationSchema(parameters, rejectExtraProperties);
  let checked: PrecompiledValidator | undefined;
  try {
    checked = compileChecker(schema, fullFormats, linearRegExp);
  } catch {
    // Not the checker's: ajv compiles it, or reports it.
  }
  if (checked) {
    // ajv's deep equality (fast-deep-equal) misjudges a model's objects: it calls an own `valueOf` or `toString`
    // (and throws), and takes two objects with an own `constructor` property for unequal. A schema that compares
    // values stays on the checker, which compares JSON values by structure (one the checker does not take goes to
    // ajv, and a call that makes its equality throw is answered with that error).
    const validator = comparesValues(schema)
      ? checked
      : tieredValidator(checked, () =>
          loadAjv().then((ajv) => ajv.compileValidator(parameters, rejectExtraProperties)),
        );
    cache.set(parameters, validator);
    return validator;
  }
  return (await loadAjv()).compileValidator(parameters, rejectExtraProperties);
}

function loadAjv(): Promise<typeof import('./ajv-compiler.js')> {
  loadingAjv ??= import('./ajv-compiler.js').catch((error: unknown) => {
    loadingAjv = undefined;
    throw new AjvLoadError((error as Error).message);
  });
  return loadingAjv;
}

/**
 * A validator that moves on to a faster one: `faster` (an own property from the start) holds that one once it is
 * there, so that a caller can hold it instead and skip the wrapper (the Toolbox's argument plan does).
 */
export interface TieredValidator extends PrecompiledValidator {
  faster: PrecompiledValidator | undefined;
}

/**
 * Validates with `first` (the checker) until it has run CALLS_BEFORE_AJV times, then asks for ajv's validator and
 * validates with it once it is there. Both report the same errors, so the switch changes no answer; where ajv cannot
 * be loaded or compile the schema, the checker stays.
 */
export function tieredValidator(
  first: PrecompiledValidator,
  compileAjv: () => Promise<PrecompiledValidator>,
): TieredValidator {
  let current = first;
  let calls = 0;
  const validate = ((data: unknown) => {
    if (calls < CALLS_BEFORE_AJV && ++calls === CALLS_BEFORE_AJV) {
      compileAjv().then(
        (compiled) => {
          current = compiled;
          validate.faster = compiled;
        },
        () => {},
      );
    }
    if (current(data)) return true;
    validate.errors = current.errors ?? null;
    return false;
  }) as TieredValidator;
  validate.faster = undefined;
  return validate;
}

/** Whether ajv's code for `schema` calls its deep equality: `uniqueItems`, or a `const` or `enum` value that is not a primitive. */
function comparesValues(schema: JsonSchema): boolean {
  const compound = (value: unknown) => typeof value === 'object' && value !== null;
  return someSchemaNode(schema, (node) => {
    const { uniqueItems, const: constant, enum: allowed } = node as Record<string, unknown>;
    return uniqueItems === true || compound(constant) || (Array.isArray(allowed) && allowed.some(compound));
  });
}
