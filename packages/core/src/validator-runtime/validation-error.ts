import * as validationErrorModule from 'ajv/dist/runtime/validation_error.js';
import { defaultOf } from './default-of.js';

export const ValidationError = /* @__PURE__ */ defaultOf<new (errors: unknown[]) => Error>(validationErrorModule);
