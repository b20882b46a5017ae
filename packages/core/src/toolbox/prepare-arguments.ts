import { createArgumentReader } from './argument-reader.js';
import { describeValue } from './describe-value.js';
import { loadTransformer, loadValidator } from './dto-libraries.js';
import { applyLeniency, compileLeniency, setOwn, type LenientNode } from './leniency.js';
import type { StandardResult } from './parameters-override.js';
import { revive, validateInstances, type RevivalState } from './revive.js';
import type { ToolRuntime } from './tool-runtime.js';
import type { ToolErrorPayload, ToolIssue } from './types.js';
import { escapePointer, issuesFromAjv } from './validation.js';
import { loadCompiler, loadedCompiler } from './runtime-compiler.js';
import { invalidArgumentsMessage } from './call-errors.js';
import { MAX_ARGUMENT_DEPTH, tooDeepAt } from './argument-depth.js';
import { hasBigint, readBigintText, type ExactBigints } from './bigint-text.js';
import { expectedFromIssue, schemaAt } from './standard-issue-text.js';
import { excerpt, MAX_ECHO, MAX_ISSUE_TEXT, MAX_ISSUES, MAX_PATH } from './excerpt.js';

/** The plan for the arguments object, or null when nothing inside it can need repair (the object itself is read first). */
export function compileArgumentsLeniency(runtime: ToolRuntime): LenientNode | null {
  const root = compileLeniency(runtime.declared);
  return root && (root.optionalNotNull || root.properties || root.additional) ? root : null;
}

/** A call that cannot go ahead: the payload the model will see. */
export class CallFailure {
  constructor(readonly payload: ToolErrorPayload) {}
}

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

/** The model's `args`: an object; absent means `{}`; JSON text of an object is parsed (a known Gemini slip). */
export function readArguments(args: unknown, toolName: string): Record<string, unknown> | CallFailure {
  if (args === undefined || args === null) return EMPTY as Record<string, unknown>;
  if (typeof args === 'object' && !Array.isArray(args)) return args as Record<string, unknown>;
  if (typeof args === 'string') {
    try {
      const parsed: unknown = JSON.parse(args);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
  }
  return failure(toolName, [{ path: '', expected: 'an object of named arguments', received: describeValue(args) }]);
}

function failure(toolName: string, issues: ToolIssue[]): CallFailure {
  const listed = boundIssues(issues);
  return new CallFailure({ name: 'InvalidArguments', message: invalidArgumentsMessage(toolName, listed, issues.length), issues: listed });
}

/** A path keeps every level (its depth is bounded elsewhere); each property name in it is cut on its own. */
function boundPath(path: string): string {
  if (path.length <= MAX_ISSUE_TEXT) return path;
  return excerpt(
    path
      .split('/')
      .map((segment) => excerpt(segment, MAX_ECHO))
      .join('/'),
    MAX_PATH,
  );
}

/** Issues as the model gets them: at most MAX_ISSUES, each field cut, as paths and texts can quote its input. */
function boundIssues(issues: readonly ToolIssue[]): ToolIssue[] {
  return issues.slice(0, MAX_ISSUES).map((issue) => ({
    path: boundPath(issue.path),
    expected: excerpt(issue.expected, MAX_ISSUE_TEXT),
    received: excerpt(issue.received, MAX_ISSUE_TEXT),
  }));
}

/**
 * Repairs, validates, fills defaults and converts the arguments into the method's positional argument list (the
 * ToolContext slot is left empty for the caller). Returns a CallFailure for anything the model must fix.
 * Synchronous for the common case; a Promise only where a Standard Schema, or a DTO, needs it.
 */
export function prepareArguments(runtime: ToolRuntime, input: Record<string, unknown>): unknown[] | CallFailure | Promise<unknown[] | CallFailure> {
  // Later steps walk the arguments recursively, as deep as the schema leads them: where it can lead them anywhere,
  // their depth is checked first, without recursion.
  const depthCheck = (runtime.depthCheck ??= runtime.standard !== undefined || JSON.stringify(runtime.declared).includes('"$ref"'));
  if (depthCheck) {
    const deep = tooDeepAt(input);
    if (deep !== null) return tooDeep(runtime.tool.name, deep);
  }
  let args = input;
  if (runtime.lenient === undefined) runtime.lenient = compileArgumentsLeniency(runtime);
  if (runtime.lenient !== null) {
    args = applyLeniency(args, runtime.lenient) as Record<string, unknown>;
    // JSON text parsed by the repair is new input: as deep as it likes.
    const parsedDeep = args === input || !depthCheck ? null : tooDeepAt(args);
    if (parsedDeep !== null) return tooDeep(runtime.tool.name, parsedDeep);
  }

  if (runtime.standard) return prepareStandard(runtime, args);
  return validateAndFinish(runtime, args);
}

function validateAndFinish(runtime: ToolRuntime, args: Record<string, unknown>): unknown[] | CallFailure | Promise<unknown[] | CallFailure> {
  let validator = runtime.validator;
  if (validator === undefined) {
    const compile = loadedCompiler();
    // The first validator compiled at run time loads ajv; later ones go on synchronously.
    if (compile === undefined) return compileLater(runtime, args);
    try {
      validator = runtime.validator = compile(runtime.declared, runtime.rejectExtra);
    } catch (error) {
      return new CallFailure({
        name: 'ToolSchemaError',
        message: `Tool "${runtime.tool.name}" cannot check its arguments, its schema does not compile: ${(error as Error).message}`,
      });
    }
  }
  if (runtime.bigintText === undefined) runtime.bigintText = hasBigint(runtime.slots);
  if (runtime.bigintText) {
    const read = readBigintText(args, runtime.slots);
    if (read) {
      // Issues describe what the model sent (the digit text), not the number validation saw.
      if (!validator(read.args)) return failure(runtime.tool.name, issuesFromAjv(validator.errors ?? [], args));
      return finish(runtime, read.args, read.exact);
    }
  }
  if (!validator(args)) return failure(runtime.tool.name, issuesFromAjv(validator.errors ?? [], args));
  return finish(runtime, args);
}

async function compileLater(runtime: ToolRuntime, args: Record<string, unknown>): Promise<unknown[] | CallFailure> {
  try {
    await loadCompiler();
  } catch (error) {
    return new CallFailure({
      name: 'ToolSchemaError',
      message: `Tool "${runtime.tool.name}" cannot check its arguments, the validator compiler (ajv) could not be loaded: ${(error as Error).message}`,
    });
  }
  return validateAndFinish(runtime, args);
}

function tooDeep(toolName: string, path: string): CallFailure {
  const issues = boundIssues([{ path, expected: `at most ${MAX_ARGUMENT_DEPTH} levels of nested objects and arrays`, received: 'deeper nesting' }]);
  return new CallFailure({
    name: 'InvalidArguments',
    message: `Invalid arguments for tool "${toolName}": arguments nested too deeply (more than ${MAX_ARGUMENT_DEPTH} levels of objects and arrays, under ${excerpt(path.split('/', 2).join('/'), MAX_ECHO)}). Send a flatter value and call the tool again.`,
    issues,
  });
}

async function prepareStandard(runtime: ToolRuntime, args: Record<string, unknown>): Promise<unknown[] | CallFailure> {
  const issues: ToolIssue[] = [];
  if (runtime.declaredNames) {
    for (const key of Object.keys(args)) {
      if (!runtime.declaredNames.has(key)) {
        const allowed = [...runtime.declaredNames].join(', ');
        issues.push({ path: `/${escapePointer(key)}`, expected: `no property "${excerpt(key, MAX_ECHO)}" (allowed: ${allowed})`, received: describeValue(args[key]) });
      }
    }
  }
  let result: StandardResult;
  try {
    result = await runtime.standard!(args);
  } catch (error) {
    return new CallFailure({ name: 'ToolSchemaError', message: `Tool "${runtime.tool.name}": its schema failed while checking the arguments: ${(error as Error).message}` });
  }
  for (const issue of result.issues ?? []) {
    const segments = (issue.path ?? []).map((segment) => String(typeof segment === 'object' && segment !== null ? segment.key : segment));
    const path = segments.map((segment) => `/${escapePointer(segment)}`).join('');
    const expected = expectedFromIssue(String(issue.message), schemaAt(runtime.declared, segments));
    issues.push({ path, expected, received: describeValue(valueAt(args, segments)) });
  }
  if (issues.length) return failure(runtime.tool.name, issues);
  const value = result.value;
  return finish(runtime, (typeof value === 'object' && value !== null ? value : args) as Record<string, unknown>);
}

function valueAt(data: unknown, segments: string[]): unknown {
  let current = data;
  for (const segment of segments) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function finish(runtime: ToolRuntime, validated: Record<string, unknown>, exact: ExactBigints | null = null): unknown[] | CallFailure | Promise<unknown[] | CallFailure> {
  let args = validated;
  if (runtime.defaults === undefined) runtime.defaults = schemaDefaults(runtime);
  if (runtime.defaults !== null) {
    let copied = false;
    for (const [key, value] of runtime.defaults) {
      if (Object.hasOwn(args, key) && args[key] !== undefined) continue;
      if (!copied) {
        args = { ...args };
        copied = true;
      }
      setOwn(args, key, typeof value === 'object' && value !== null ? structuredClone(value) : value);
    }
  }
  if (runtime.needsTransformer) return finishWithDto(runtime, args, exact);
  const argv = (runtime.reader ??= createArgumentReader(runtime.slots, runtime.generateCode))(args);
  if (!runtime.revives) return argv;
  const state = newState(exact);
  const slots = runtime.slots;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    if (slot.kind === 'value') {
      const value = argv[i];
      if (slot.revive !== null && value !== undefined && value !== null) argv[i] = revive(value, slot.revive, `/${escapePointer(slot.name)}`, state);
    } else if (slot.kind === 'object' && slot.revive !== null) {
      argv[i] = revive(args, slot.revive, '', state);
    }
  }
  if (state.issues.length) return failure(runtime.tool.name, state.issues);
  return argv;
}

function schemaDefaults(runtime: ToolRuntime): ReadonlyArray<readonly [string, unknown]> | null {
  const defaults: [string, unknown][] = [];
  for (const [key, schema] of Object.entries(runtime.declared.properties ?? {})) {
    if (schema && typeof schema === 'object' && 'default' in schema) defaults.push([key, schema.default]);
  }
  return defaults.length ? defaults : null;
}

function newState(exact: ExactBigints | null): RevivalState {
  return { issues: [], pending: new Map(), libraries: null, exact };
}

async function finishWithDto(runtime: ToolRuntime, args: Record<string, unknown>, exact: ExactBigints | null): Promise<unknown[] | CallFailure> {
  const purpose = `by tool "${runtime.tool.name}" (${runtime.tool.class.name}.${runtime.tool.method}), which takes a DTO class`;
  const state = newState(exact);
  state.libraries = {
    plainToInstance: await loadTransformer(purpose),
    ...(runtime.needsValidator ? { validate: await loadValidator(purpose) } : {}),
  };
  const argv = new Array<unknown>(runtime.slots.length);
  runtime.slots.forEach((slot, i) => {
    if (slot.kind === 'value') {
      const value = Object.hasOwn(args, slot.name) ? args[slot.name] : undefined;
      argv[i] = slot.revive === null || value === undefined || value === null ? value : revive(value, slot.revive, `/${escapePointer(slot.name)}`, state);
    } else if (slot.kind === 'object') {
      argv[i] = slot.revive === null ? args : revive(args, slot.revive, '', state);
    }
  });
  if (!state.issues.length) await validateInstances(state);
  if (state.issues.length) return failure(runtime.tool.name, state.issues);
  return argv;
}
