import * as equalModule from 'ajv/dist/runtime/equal.js';
import { defaultOf } from './default-of.js';

export const equal = defaultOf<(a: unknown, b: unknown) => boolean>(equalModule);
