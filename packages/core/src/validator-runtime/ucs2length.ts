import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import { defaultOf } from './default-of.js';

export const ucs2length = /* @__PURE__ */ defaultOf<(text: string) => number>(ucs2lengthModule);
