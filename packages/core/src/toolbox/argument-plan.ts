import type { JsonSchema, ObjectJsonSchema } from '../json-schema.js';
import { someSchemaNode } from '../render/schema-keywords.js';
import { createArgumentReader, createDirectCall, type ArgumentReader, type DirectCall } from './argument-reader.js';
import { hasBigint } from './bigint-text.js';
import { CallFailure } from './call-errors.js';
import { compileLeniency, type LenientNode } from './leniency.js';
import { AjvLoadError } from './ajv-load-error.js';
import { codeGenerationAllowed, loadCompiler } from './runtime-compiler.js';
import type { ArgumentSlot, CheckSource } from './tool-plan.js';
import type { TieredValidator } from './runtime-validator.js';
import type { PrecompiledValidator } from './types.js';
import { validationSchema } from './validation.js';

/** How one tool's arguments are repaired, checked and read: the part of its plan made on its first call. */
export interface ArgumentPlan {
  /**
   * Check the arguments' depth before anything walks them: only where the schema can lead a walk arbitrarily deep,
   * through `$ref` (recursive types), or where a Standard Schema of unknown shape walks them. Elsewhere validation,
   * repair and revival follow the schema, whose depth is finite, and never descend into what it does not describe.
   */
  readonly depthCheck: boolean;
  /**
   * The schema names a property every object inherits (`namesInherited`): validation sees a copy of the arguments
   * whose objects have no prototype, so a left-out `toString` is absent there. The depth check is on with it.
   */
  readonly inheritedNames: boolean;
  /** What to repair before validation (null: nothing in this schema can need repair). */
  readonly lenient: LenientNode | null;
  /** The JSON Schema validator; null where a Standard Schema checks (the plan's CheckSource). */
  readonly validate: PrecompiledValidator | null;
  readonly read: ArgumentReader;
  /**
   * Calls the method straight from the checked arguments, in place of `read` and an `apply` of its list: for a tool
   * whose arguments need no revival and that takes no ToolContext, checked by JSON Schema (null elsewhere, and where
   * code is not generated).
   */
  readonly call: DirectCall | null;
  /** Some revival says bigint: digit text is read as exact integers before validation. */
  readonly bigintText: boolean;
  /** Top-level defaults from the schema, applied to absent arguments (null: none). */
  readonly defaults: ReadonlyArray<readonly [string, unknown]> | null;
}

/**
 * A tool's ArgumentPlan, made on its first call: the one part of a plan made late. Working it out costs tens of
 * microseconds per tool before the JIT warms up (compiling a validator at run time, about a millisecond, and
 * loading ajv for the first, some 40 ms), which a cold start should pay only for the tools it calls.
 */
export class ArgumentPlanOnFirstCall {
  #plan: ArgumentPlan | undefined;

  constructor(
    private readonly toolName: string,
    private readonly declared: ObjectJsonSchema,
    private readonly slots: readonly ArgumentSlot[],
    private readonly source: CheckSource,
  ) {}

  /** The plan; made now where that needs no compiler loaded (ajv), else undefined until `load`. */
  current(): ArgumentPlan | undefined {
    if (this.#plan !== undefined) return this.#plan;
    const { source } = this;
    if (source.kind === 'checker') {
      const checked = this.#checked(source);
      if (!(checked instanceof CallFailure)) this.#plan = this.#make(checked);
    } else if (source.kind !== 'run-time') this.#plan = this.#make(null);
    return this.#plan;
  }

  /**
   * The plan, its validator compiled now where it has none (the schema checker, or ajv for a schema it does not take,
   * loaded first, once per process), or why the tool cannot check its arguments. A schema that does not compile is
   * tried again on the next call.
   */
  async load(): Promise<ArgumentPlan | CallFailure> {
    const current = this.current();
    if (current !== undefined) return current;
    if (this.source.kind === 'checker') return this.#checked(this.source) as CallFailure;
    const source = this.source as Extract<CheckSource, { kind: 'run-time' }>;
    const notLoaded = (error: unknown) =>
      this.#failure(`the validator compiler (ajv) could not be loaded: ${(error as Error).message}`);
    let compile: Awaited<ReturnType<typeof loadCompiler>>;
    try {
      compile = await loadCompiler();
    } catch (error) {
      return notLoaded(error);
    }
    let validate: PrecompiledValidator;
    try {
      validate = await compile(this.declared, source.rejectExtra);
    } catch (error) {
      if (error instanceof AjvLoadError) return notLoaded(error);
      return this.#failure(`its schema does not compile: ${(error as Error).message}`);
    }
    return (this.#plan ??= this.#make(validate));
  }

  /**
   * The checker's validator for the declared schema, or why it has none (a schema the checker does not take). Where
   * the checker brings a fast `accept` test (gen-tools wrote it, for a schema it checked the checker takes), the
   * checker's own validator is made and run only for what that test refuses, so a cold start whose first call is
   * valid makes none. The test was written for the strict schema: it may refuse what a loose one allows, never the
   * reverse.
   */
  #checked(source: Extract<CheckSource, { kind: 'checker' }>): PrecompiledValidator | CallFailure {
    const schema = () => validationSchema(this.declared, source.rejectExtra);
    const accept = source.check.accept;
    if (accept === undefined) {
      try {
        return source.check.compile(schema());
      } catch (error) {
        return this.#notTaken(error);
      }
    }
    let full: PrecompiledValidator | undefined;
    const validate: PrecompiledValidator = (data) => {
      if (accept(data)) {
        validate.errors = null;
        return true;
      }
      // Only for an `accept` given by hand: gen-tools writes one only for a schema the checker takes.
      full ??= this.#compileOrThrow(source, schema());
      const valid = full(data);
      validate.errors = full.errors ?? null;
      return valid;
    };
    return validate;
  }

  /** The checker's validator; a schema it does not take throws a ToolSchemaError, which the call answers with. */
  #compileOrThrow(source: Extract<CheckSource, { kind: 'checker' }>, schema: JsonSchema): PrecompiledValidator {
    try {
      return source.check.compile(schema);
    } catch (error) {
      throw Object.assign(new Error(this.#notTaken(error).payload.message), { name: 'ToolSchemaError' });
    }
  }

  #notTaken(error: unknown): CallFailure {
    return this.#failure(`the schema checker does not take its schema (${(error as Error).message})`);
  }

  #make(compiled: PrecompiledValidator | null): ArgumentPlan {
    const { source, slots, declared } = this;
    const inheritedNames = namesInherited(declared);
    const hasContext = slots.some((slot) => slot.kind === 'context');
    const revives = slots.some((slot) => (slot.kind === 'value' || slot.kind === 'object') && slot.revive !== null);
    // The manifest's reader (gen-tools --validators) comes with the promise that no code is generated at run time: such
    // a tool is called by the manifest's direct call, written beside the reader, or through the reader; elsewhere the
    // direct call is generated where the reader is (a validator compiled at run time is allowed only where code can be
    // generated: binding checked that).
    const fromManifest = source.kind === 'precompiled' || source.kind === 'checker' ? source : undefined;
    const givenRead = fromManifest?.read;
    const generateCall =
      givenRead === undefined &&
      (source.kind === 'run-time' || (source.kind === 'checker' && source.generateCode && codeGenerationAllowed()));
    return Object.freeze({
      depthCheck: source.kind === 'standard' || inheritedNames || reachesRef(declared),
      inheritedNames,
      lenient: argumentsLeniency(declared),
      validate: source.kind === 'precompiled' ? source.validate : compiled && this.#untilFaster(compiled),
      // Binding refused a run-time validator where code generation is not allowed: its reader may use it too.
      read:
        givenRead ?? createArgumentReader(slots, source.kind === 'checker' ? source.generateCode : compiled !== null),
      call:
        revives || hasContext ? null : givenRead ? (fromManifest?.call ?? null) : createDirectCall(slots, generateCall),
      bigintText: revives && hasBigint(slots),
      defaults: schemaDefaults(declared),
    });
  }

  /**
   * A validator that moves on to ajv's (runtime-validator.ts) is checked with through a wrapper of its own until ajv's
   * is there; then the plan holds ajv's validator itself (`toolbox.call` 0.95x as long as through it).
   */
  #untilFaster(compiled: PrecompiledValidator): PrecompiledValidator {
    if (!Object.hasOwn(compiled, 'faster')) return compiled;
    const tiered = compiled as TieredValidator;
    const validate: PrecompiledValidator = (data) => {
      const faster = tiered.faster;
      if (faster !== undefined && this.#plan !== undefined && this.#plan.validate === validate)
        this.#plan = Object.freeze({ ...this.#plan, validate: faster });
      const valid = tiered(data);
      validate.errors = tiered.errors ?? null;
      return valid;
    };
    return validate;
  }

  #failure(why: string): CallFailure {
    const message = `Tool "${this.toolName}" cannot check its arguments, ${why}`;
    return new CallFailure({ name: 'ToolSchemaError', message });
  }
}

/** The repair plan of the arguments object, or null when nothing inside it can need repair. */
function argumentsLeniency(declared: ObjectJsonSchema): LenientNode | null {
  const root = compileLeniency(declared);
  return root && (root.optionalNotNull || root.properties || root.additional) ? root : null;
}

function schemaDefaults(declared: ObjectJsonSchema): ReadonlyArray<readonly [string, unknown]> | null {
  let defaults: (readonly [string, unknown])[] | null = null;
  const properties = declared.properties ?? {};
  for (const key of Object.keys(properties)) {
    const schema = properties[key];
    if (schema && typeof schema === 'object' && 'default' in schema) (defaults ??= []).push([key, schema.default]);
  }
  return defaults && Object.freeze(defaults);
}

/** Whether a `$ref` is used anywhere in the schema (its keywords walked, so no value or property name counts). */
export function reachesRef(schema: JsonSchema | boolean | undefined): boolean {
  return someSchemaNode(schema, (node) => typeof node.$ref === 'string');
}

/**
 * Whether the schema names a property every object inherits (`toString`, `constructor`, `__proto__`, ...), in
 * `properties`, `required` or the `dependent*` keywords: where validators compiled for speed (ajv without
 * `ownProperties`) would find Object.prototype's member on arguments that left it out.
 */
export function namesInherited(schema: JsonSchema | boolean | undefined): boolean {
  return someSchemaNode(schema, (node) => {
    const { properties, required, dependentRequired, dependentSchemas } = node as Record<string, unknown>;
    if (Array.isArray(required) && required.some(isInherited)) return true;
    for (const map of [properties, dependentSchemas, dependentRequired]) {
      if (typeof map !== 'object' || map === null) continue;
      for (const key of Object.keys(map)) if (isInherited(key)) return true;
    }
    if (typeof dependentRequired === 'object' && dependentRequired !== null)
      for (const names of Object.values(dependentRequired))
        if (Array.isArray(names) && names.some(isInherited)) return true;
    return false;
  });
}

function isInherited(name: unknown): boolean {
  return typeof name === 'string' && name in Object.prototype;
}
