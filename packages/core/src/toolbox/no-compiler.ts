import type { ObjectJsonSchema } from '../json-schema.js';
import { PRECOMPILE_HINT } from './runtime-compiler.js';
import type { PrecompiledValidator } from './types.js';

/**
 * The run-time compiler in the build for edge runtimes (the `workerd` and `edge-light` export conditions, which
 * Cloudflare's and Vercel's bundlers set): there code cannot be made from strings, so ajv's compiler, about 150 KB
 * of a bundle, would never run. The `toolwright-precompiled` condition picks it too, for a bundle whose tools all
 * have validators from gen-tools --validators (a serverless Node function): ajv is then not in the bundle to be
 * parsed on every cold start. Reached only through `checkArguments` (a Toolbox refuses such a tool when it is bound).
 */
export async function compileAtRunTime(
  _parameters: ObjectJsonSchema,
  _rejectExtraProperties: boolean,
): Promise<PrecompiledValidator> {
  throw new Error(
    '@toolwright/core as bundled for edge runtimes or precompiled validators (export condition workerd, edge-light ' +
      'or toolwright-precompiled) has no validator compiler: ' +
      PRECOMPILE_HINT,
  );
}
