// The package.json of the ajv that compiles `--validators`: gen-tools' cache key holds its version (the validators
// module is ajv's code). CommonJS, so that `require` finds gen's own ajv; reached through package.json "imports".
const ajvPackage: { version: string } = require('ajv/package.json');
export = ajvPackage;
