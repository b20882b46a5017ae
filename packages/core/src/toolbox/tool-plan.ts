import type { ObjectJsonSchema } from '../json-schema.js';
import type { DtoModules, ManifestParam } from '../manifest.js';
import type { DtoNeeds } from './dto-libraries.js';
import type { ArgumentReader, DirectCall } from './argument-reader.js';
import { ArgumentPlanOnFirstCall } from './argument-plan.js';
import type { StandardValidate } from './parameters-override.js';
import { compileRevival, type CompiledRevival, type RevivalNeeds } from './revive.js';
import { isSchemaChecker, type SchemaChecker } from '../schema-checker/marker.js';
import { codeGenerationAllowed, PRECOMPILE_HINT } from './runtime-compiler.js';
import type { BoundTool, PrecompiledValidator, ToolboxOptions, ToolClass } from './types.js';

/** One positional argument of the method. */
export type ArgumentSlot =
  /** The argument named `name` (undefined when absent, so JS defaults apply). */
  | { readonly kind: 'value'; readonly name: string; readonly revive: CompiledRevival | null }
  /** The whole arguments object (a manual `parameters` whose properties are not the method's parameters). */
  | { readonly kind: 'object'; readonly revive: CompiledRevival | null }
  | { readonly kind: 'context' }
  /** A parameter that gets nothing (a further value parameter in `object` mode). */
  | { readonly kind: 'none' };

/** Where a tool's argument check comes from, as binding found it. */
export type CheckSource =
  /**
   * A validator compiled at build time (gen-tools --validators, `options.validators`), and the manifest's reader and
   * direct call: nothing is generated at run time for it (see ArgumentPlan.call).
   */
  | {
      readonly kind: 'precompiled';
      readonly validate: PrecompiledValidator;
      readonly read: ArgumentReader | undefined;
      readonly call: DirectCall | undefined;
    }
  /** Compiled from the declared schema by ajv on the first call (`rejectExtra`: see validationSchema). */
  | { readonly kind: 'run-time'; readonly rejectExtra: boolean }
  /**
   * Checked by core's schema checker (gen-tools --validators, `options.validators`), made from the declared schema on
   * the first call; `read`: the manifest's reader, else one made then (`generateCode`: by `new Function` if allowed).
   */
  | {
      readonly kind: 'checker';
      readonly check: SchemaChecker;
      readonly rejectExtra: boolean;
      readonly read: ArgumentReader | undefined;
      /** The manifest's direct call, written with its reader (nothing is generated for a tool that has the reader). */
      readonly call: DirectCall | undefined;
      readonly generateCode: boolean;
    }
  /**
   * A Standard Schema (zod, ...) given as `@tool({ parameters })`. `declaredNames`: the property names it declares,
   * where the Toolbox reports others itself (a schema that strips unknown keys says nothing of them).
   */
  | {
      readonly kind: 'standard';
      readonly validate: StandardValidate;
      readonly declaredNames: ReadonlySet<string> | null;
    };

/** Everything a call of one tool needs, worked out when the tool is bound, and frozen: calls only read it. */
export interface ToolPlan {
  readonly tool: BoundTool;
  readonly fn: (...args: unknown[]) => unknown;
  readonly slots: readonly ArgumentSlot[];
  /** Some slot takes the ToolContext. */
  readonly hasContext: boolean;
  /** The tool's own time limit (`@tool({ timeoutMs })`), which wins over every default. */
  readonly ownTimeoutMs: number | undefined;
  /** The declared schema (validation is stricter, see validationSchema). */
  readonly declared: ObjectJsonSchema;
  readonly source: CheckSource;
  /** How the arguments are repaired, checked and read: made on the tool's first call. */
  readonly arguments: ArgumentPlanOnFirstCall;
  /** Some slot has a revival. */
  readonly revives: boolean;
  /** DTO parameters: class-transformer builds them, class-validator checks them where `validate` (null: none). */
  readonly dto: DtoNeeds | null;
  /** Preparing the arguments awaits something: a Standard Schema, or the DTO libraries. */
  readonly async: boolean;
}

/** What binding found out about a tool, from which its plan is made. */
export interface PlanInput {
  readonly tool: BoundTool;
  readonly fn: (...args: unknown[]) => unknown;
  /** The manifest entry's parameters; null for a tool bound from its `parameters` option alone. */
  readonly params: readonly ManifestParam[] | null;
  /** One argument per parameter; false: the whole arguments object goes to the first value parameter. */
  readonly positional: boolean;
  /** Set where `@tool({ parameters })` is a Standard Schema. */
  readonly standard: StandardValidate | undefined;
  /** The manifest's validator and reader for this tool; undefined where the schema is overridden or there are none. */
  readonly manifestValidator: PrecompiledValidator | SchemaChecker | undefined;
  readonly manifestReader: ArgumentReader | undefined;
  /** The manifest's direct call for this tool (written beside its reader where it takes no ToolContext). */
  readonly manifestCaller: DirectCall | undefined;
  /** `options.validators` entry for this tool (not for an overridden schema). */
  readonly optionsValidator: PrecompiledValidator | SchemaChecker | undefined;
  readonly options: ToolboxOptions;
  readonly dtoClasses: ReadonlyMap<string, ToolClass[]>;
  /** The manifest's DTO library modules (gen-tools' TS module imports them where a tool takes a DTO class). */
  readonly dtoModules: DtoModules | undefined;
  /** `Class.method`, for messages. */
  readonly where: string;
}

/** Makes the frozen plan of one tool. Throws for the programmer (a DTO class not found, no way to a validator). */
export function planTool(input: PlanInput): ToolPlan {
  const { tool } = input;
  const needs: RevivalNeeds = { transformer: false, validator: false };
  const slots = argumentSlots(input, needs);
  const source = checkSource(input);
  const dto = needs.transformer ? Object.freeze({ validate: needs.validator, modules: input.dtoModules }) : null;
  return Object.freeze({
    tool,
    fn: input.fn,
    slots,
    hasContext: slots.some((slot) => slot.kind === 'context'),
    ownTimeoutMs: tool.options.timeoutMs,
    declared: tool.parameters,
    source,
    arguments: new ArgumentPlanOnFirstCall(tool.name, tool.parameters, slots, source),
    revives: slots.some((slot) => (slot.kind === 'value' || slot.kind === 'object') && slot.revive !== null),
    dto,
    async: source.kind === 'standard' || dto !== null,
  });
}

function argumentSlots(input: PlanInput, needs: RevivalNeeds): readonly ArgumentSlot[] {
  // Not in the manifest (a manual schema alone): the arguments object first, the ToolContext second.
  if (input.params === null) return Object.freeze([{ kind: 'object', revive: null }, { kind: 'context' }] as const);
  const slots: ArgumentSlot[] = [];
  let objectPlaced = false;
  for (const param of input.params) {
    if (param.kind === 'context') {
      slots.push({ kind: 'context' });
      continue;
    }
    const revive = param.revive ? compileRevival(param.revive, input.dtoClasses, input.where, needs) : null;
    if (input.positional) slots.push({ kind: 'value', name: param.name, revive });
    else if (!objectPlaced) {
      slots.push({ kind: 'object', revive });
      objectPlaced = true;
    } else slots.push({ kind: 'none' });
  }
  if (!input.positional && !objectPlaced) slots.unshift({ kind: 'object', revive: null });
  return Object.freeze(slots);
}

function checkSource(input: PlanInput): CheckSource {
  const { tool, options, where } = input;
  const rejectExtra = options.rejectExtraProperties !== false;
  if (input.standard) {
    const additional = tool.parameters.additionalProperties;
    // A Standard Schema that strips unknown keys (zod's default) says nothing of them: the Toolbox reports them. One
    // that rejects them (additionalProperties: false) reports them itself.
    const names = Object.keys(tool.parameters.properties ?? {});
    const declaredNames = rejectExtra && additional === undefined ? new Set(names) : null;
    return Object.freeze({ kind: 'standard', validate: input.standard, declaredNames });
  }
  const given = input.optionsValidator ?? input.manifestValidator;
  const generateCode = options.generateCode !== false;
  // The checker makes the validator from the schema, as strict as the options say.
  if (isSchemaChecker(given)) {
    return Object.freeze({
      kind: 'checker',
      check: given,
      rejectExtra,
      read: input.manifestReader,
      call: input.manifestCaller,
      generateCode,
    });
  }
  // gen-tools --validators compiles the strict schema (validationSchema with rejectExtraProperties on).
  const precompiled = input.optionsValidator !== undefined || rejectExtra ? given : undefined;
  // The manifest's reader reads the manifest's parameters in order: right wherever the schema is not overridden.
  if (precompiled) {
    return Object.freeze({
      kind: 'precompiled',
      validate: precompiled,
      read: input.manifestReader,
      call: input.manifestCaller,
    });
  }
  if (!generateCode) {
    throw new TypeError(
      `${where}: generateCode is false, so its validator cannot be compiled at run time, and there is no ` +
        `precompiled one for "${tool.manifest?.name ?? tool.name}": ${PRECOMPILE_HINT}`,
    );
  }
  if (!codeGenerationAllowed()) {
    throw new TypeError(
      `${where}: this runtime forbids code generation from strings (eval, new Function), so the validator of ` +
        `"${tool.name}" cannot be compiled at run time: ${PRECOMPILE_HINT}` +
        (input.manifestValidator && !rejectExtra
          ? " (the manifest's validators check the strict schema: they are not used with rejectExtraProperties: false)"
          : ''),
    );
  }
  return Object.freeze({ kind: 'run-time', rejectExtra });
}
