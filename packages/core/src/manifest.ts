import type { JsonSchema, ObjectJsonSchema } from './json-schema.js';
import type { ToolAnnotations } from './tool-annotations.js';
import type { SchemaChecker } from './schema-checker/marker.js';
import type { PrecompiledValidator } from './toolbox/types.js';

/**
 * The manifest: the one thing that crosses from build time (gen-tools) to run time (Toolbox).
 * gen-tools writes it as a TS module (`tools.generated.ts`, which also imports the classes, so binding is by
 * class identity) and, with `--json`, as JSON (the same data without the class references).
 */
export interface ToolManifest {
  version: 1;
  /** Content hash of the manifest (`sha256:` and 16 hex digits), written by gen-tools into both outputs. */
  hash?: string;
  tools: ManifestTool[];
  /**
   * In the TS module written with `gen-tools --validators`: the tools' argument checks, keyed by tool name. Each is
   * core's schema checker (which checks the tool's schema on its first call), or, for a schema the checker does not
   * take, a validator compiled at build time. The Toolbox uses them instead of compiling any (no ajv, no code
   * generated at run time).
   */
  validators?: Readonly<Record<string, PrecompiledValidator | SchemaChecker>>;
  /**
   * Written beside `validators`: per tool name, the method's argument list read from the validated arguments object
   * (`params` in order, `undefined` for the ToolContext slot), as plain code instead of a reader made at run time.
   */
  readers?: Readonly<Record<string, (args: Record<string, unknown>) => unknown[]>>;
  /**
   * Written beside `readers`, for each tool that takes no ToolContext: the call of the method (`fn` on `self`) with
   * its arguments read as its reader reads them, passed straight to it (`fn.call(self, args.a, ...)`), as plain code
   * instead of a call made at run time.
   */
  callers?: Readonly<
    Record<string, (fn: (...args: unknown[]) => unknown, self: object, args: Record<string, unknown>) => unknown>
  >;
  /**
   * In the TS module, where a tool takes a DTO class: the modules of class-transformer and, where a DTO class carries
   * its decorators, class-validator. The module imports them so that a bundler takes them into the apps whose tools
   * use them, and only those; without them, the Toolbox imports them itself on the first call that needs them.
   */
  dtoModules?: DtoModules;
}

/** The DTO libraries' modules (`import * as classTransformer from 'class-transformer'`, ...). */
export interface DtoModules {
  readonly classTransformer?: object;
  readonly classValidator?: object;
}

/** One `@tool()` method. */
export interface ManifestTool {
  /** The declared function name (after `--name-style`); the decorator's `name` option wins at bind time. */
  name: string;
  /** From the method's JSDoc summary and body. */
  description?: string;
  /** The class that declares the method. */
  class: string;
  method: string;
  /** The file that declares the class, relative to the project's tsconfig folder, with `/` separators. */
  file: string;
  /** In the TS module only: the class itself, read lazily so that import cycles cannot bite. */
  target?: () => abstract new (...args: never[]) => unknown;
  /** The arguments as one object schema: one property per value parameter, in parameter order. */
  parameters: ObjectJsonSchema;
  /** The method's positional parameters, in order: how the Toolbox turns the arguments object into a call. */
  params: ManifestParam[];
  /** The return type (Promise unwrapped), where it can be described. */
  returns?: JsonSchema;
  /** `@deprecated` on the method: true, or its text. */
  deprecated?: true | string;
  /** `@tool({ annotations })` as written (literal values only); the decorator's own object wins at bind time. */
  annotations?: ToolAnnotations;
}

export interface ManifestParam {
  name: string;
  /** `value`: an argument from the model (a property of `parameters`). `context`: the ToolContext slot. */
  kind: 'value' | 'context';
  /** Optional or defaulted: absent arguments are passed as `undefined`, so JS defaults apply. */
  optional?: boolean;
  /** How to turn the JSON value into the declared type before the call; absent when JSON is the type. */
  revive?: Revival;
}

/**
 * Conversions from JSON to declared types. `null` and `undefined` are never revived (they stay as they are).
 * Kinds that nest (`array`, `set`, `record`, `object`, `tuple`) are present only where something inside needs it.
 */
export type Revival =
  | { kind: 'date' }
  | { kind: 'url' }
  | { kind: 'bigint' }
  | { kind: 'set'; items?: Revival }
  | { kind: 'array'; items: Revival }
  | { kind: 'tuple'; items: (Revival | null)[] }
  | { kind: 'record'; values: Revival }
  | { kind: 'object'; properties: Record<string, Revival> }
  | {
      /** A DTO class: built with class-transformer, then checked with class-validator where it has constraints. */
      kind: 'class';
      name: string;
      file: string;
      /** In the TS module only: the class itself. */
      target?: () => abstract new (...args: never[]) => unknown;
      properties?: Record<string, Revival>;
      /** True when the class carries class-validator decorators. */
      validate?: boolean;
    };

/** Manifests made by defineManifest: the compiler checked their shape (see `toolboxManifest`). */
const definedManifests = new WeakSet<object>();

/**
 * Types a manifest written by hand or imported from JSON. gen-tools' TS module calls it, and TypeScript checks the
 * manifest against `ToolManifest` there: the Toolbox then checks only its version and tool list again at run time.
 */
export function defineManifest(manifest: ToolManifest): ToolManifest {
  if (typeof manifest === 'object' && manifest !== null) definedManifests.add(manifest);
  return manifest;
}

/** Whether a manifest was made by defineManifest. */
export function isDefinedManifest(manifest: object): boolean {
  return definedManifests.has(manifest);
}
