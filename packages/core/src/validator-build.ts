// What gen-tools uses, at build time, to write the validators module (`--validators`): the schema a tool's arguments
// are checked against and ajv's options for it, the source of its argument reader, which schemas core's schema
// checker takes, and the source of the `accept` test it writes per tool. Apart from the run-time entries, so that
// neither an app's import of core nor the validators module loads code that only a build runs.
export { validationSchema, validatorAjvOptions } from './toolbox/validation.js';
export { argumentListSource, directCallSource } from './toolbox/argument-reader.js';
export { acceptSource, type AcceptHelper, type AcceptSource } from './schema-checker/accept-source.js';
export { checkerSupport, type CheckerSupport } from './schema-checker/compile-checker.js';
