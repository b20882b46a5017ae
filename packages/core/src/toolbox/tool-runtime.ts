import type { ObjectJsonSchema } from '../json-schema.js';
import type { LenientNode } from './leniency.js';
import type { StandardValidate } from './parameters-override.js';
import type { CompiledRevival } from './revive.js';
import type { ArgumentReader } from './argument-reader.js';
import type { BoundTool, PrecompiledValidator } from './types.js';

/** One positional argument of the method. */
export type ArgumentSlot =
  /** The argument named `name` (undefined when absent, so JS defaults apply). */
  | { kind: 'value'; name: string; revive: CompiledRevival | null }
  /** The whole arguments object (a manual `parameters` whose properties are not the method's parameters). */
  | { kind: 'object'; revive: CompiledRevival | null }
  | { kind: 'context' }
  /** A parameter that gets nothing (a further value parameter in `object` mode). */
  | { kind: 'none' };

/** Everything a call needs, worked out once per tool at bind time (validators: on first call). */
export interface ToolRuntime {
  readonly tool: BoundTool;
  readonly fn: (...args: unknown[]) => unknown;
  readonly slots: readonly ArgumentSlot[];
  /** Made on first call. */
  reader: ArgumentReader | undefined;
  /** Some slot has a revival. */
  readonly revives: boolean;
  readonly generateCode: boolean;
  readonly hasContext: boolean;
  readonly declared: ObjectJsonSchema;
  /** Undefined until first use; null when the tool's schema needs no repair. */
  lenient: LenientNode | null | undefined;
  validator: PrecompiledValidator | undefined;
  /** Some revival says bigint, so digit text is read before validation (worked out on first call). */
  bigintText?: boolean;
  /**
   * The arguments' depth must be checked before validation (worked out on first call): only where the schema can
   * lead a walk arbitrarily deep, through `$ref` (recursive types) or a Standard Schema of unknown shape. Elsewhere
   * validation, repair and revival follow the schema, whose depth is finite, and never descend into what it does
   * not describe.
   */
  depthCheck?: boolean;
  readonly standard: StandardValidate | undefined;
  /** Validate with `additionalProperties: false` added (see validationSchema). */
  readonly rejectExtra: boolean;
  /** Declared property names, for the extra-property check of Standard Schema tools (null: not checked). */
  readonly declaredNames: ReadonlySet<string> | null;
  /** Top-level defaults from the schema, applied to absent arguments (worked out on first call; null: none). */
  defaults: ReadonlyArray<readonly [string, unknown]> | null | undefined;
  readonly needsTransformer: boolean;
  readonly needsValidator: boolean;
  /** The tool's own time limit (`@tool({ timeoutMs })`), which wins over every default. */
  readonly ownTimeoutMs: number | undefined;
}
