import type { ObjectJsonSchema } from '../json-schema.js';
import { PRECOMPILE_HINT } from './runtime-compiler.js';
import type { PrecompiledValidator } from './types.js';

/**
 * The run-time compiler in the build for edge runtimes (the `workerd` and `edge-light` export conditions, which
 * Cloudflare's and Vercel's bundlers set): there code cannot be made from strings, so ajv's compiler, about 120 KB
 * of a worker's bundle, would never run. Reached only through `checkArguments` (a Toolbox refuses such a tool when
 * it is bound).
 */
export function compileValidator(_parameters: ObjectJsonSchema, _rejectExtraProperties: boolean): PrecompiledValidator {
  throw new Error(
    '@toolwright/core as built for edge runtimes (export condition workerd or edge-light) has no validator compiler: ' +
      PRECOMPILE_HINT,
  );
}
