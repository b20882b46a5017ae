import type { ObjectJsonSchema } from '../json-schema.js';
import type { PrecompiledValidator } from './types.js';

type Compile = (parameters: ObjectJsonSchema, rejectExtraProperties: boolean) => Promise<PrecompiledValidator>;

let loading: Promise<Compile> | undefined;

/**
 * Loads the run-time compiler on the first validator compiled at run time (runtime-validator.ts: the schema checker,
 * and ajv behind it). A dynamic import, so that importing core does not load it and a bundler can split it off: tools
 * with precompiled validators never pay for it. In the build for edge runtimes (package.json "imports": the workerd
 * and edge-light conditions) it is a stub, and a worker's bundle holds no compiler.
 */
export function loadCompiler(): Promise<Compile> {
  loading ??= import('#validator-compiler').then(
    (module) => module.compileAtRunTime,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

let codeGeneration: boolean | undefined;

/**
 * Whether this runtime lets code be made from strings (`new Function`), which ajv needs to compile a validator.
 * Edge runtimes (Cloudflare Workers, Vercel Edge) and pages under a strict CSP forbid it. Probed once.
 */
export function codeGenerationAllowed(): boolean {
  if (codeGeneration === undefined) {
    try {
      codeGeneration = typeof new Function('return 1') === 'function';
    } catch {
      codeGeneration = false;
    }
  }
  return codeGeneration;
}

/** What to do where a tool's validator would have to be compiled at run time and cannot be. */
export const PRECOMPILE_HINT =
  'run gen-tools with --validators <file> (the generated module then brings validators compiled at build time, ' +
  'and the Toolbox uses them), or pass precompiled ones in options.validators';
