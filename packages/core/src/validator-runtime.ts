// What validators precompiled by `gen-tools --validators` (ajv standalone code) call at run time: ajv's small
// runtime helpers and ajv-formats' formats. Re-exported here, as one ESM/CJS entry, because a user's project
// depends on @toolwright/core, not on ajv (which a strict package manager would not let it import), and because
// ajv's own standalone output reaches them with `require`, which a worker bundle cannot always use. One module per
// helper: a bundler (core has no side effects) then takes only the helpers the validators use (most use only the
// formats; `uri` alone would bring fast-uri).
export { equal } from './validator-runtime/equal.js';
export { ucs2length } from './validator-runtime/ucs2length.js';
export { uri } from './validator-runtime/uri.js';
export { ValidationError } from './validator-runtime/validation-error.js';
export { fullFormats } from './validator-runtime/formats.js';
export { verboseError } from './validator-runtime/verbose-error.js';
