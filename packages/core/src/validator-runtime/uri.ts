import * as uriModule from 'ajv/dist/runtime/uri.js';
import { defaultOf } from './default-of.js';

export const uri = defaultOf<unknown>(uriModule);
