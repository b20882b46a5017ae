// What the validators module of `gen-tools --validators` calls at run time: core's schema checker (with the
// `accept` tests gen-tools writes) and, for schemas outside the checker's subset, ajv standalone code's small runtime
// helpers and ajv-formats' formats. Re-exported here, as one ESM/CJS entry, because a user's project depends on
// @toolwright/core, not on ajv (which a strict package manager would not let it import), and because ajv's own
// standalone output reaches them with `require`, which a worker bundle cannot always use. Its built ES module is one
// file with the ajv and ajv-formats code inside (scripts/build.mjs), so Node loads no other module and no CommonJS
// for it; every top-level statement of that file is pure, so a bundler takes only the parts the validators call.
// ajv's `uri` helper is not here: only ajv's compiler uses it, never the code it writes. `equal` is core's own, in
// place of ajv's (see equal.ts).
export { equal } from './validator-runtime/equal.js';
export { ucs2length } from './validator-runtime/ucs2length.js';
export { ValidationError } from './validator-runtime/validation-error.js';
export { fullFormats } from './validator-runtime/formats.js';
export {
  additionalPropertyError,
  enumError,
  requiredError,
  typeError,
  verboseError,
} from './validator-runtime/verbose-error.js';
export { pushError } from './validator-runtime/push-error.js';
export { schemaChecker } from './validator-runtime/schema-checker.js';
export { duplicateItems } from './validator-runtime/duplicate-items.js';
export { lazyFormatTest } from './validator-runtime/format-test.js';
