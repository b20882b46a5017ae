import { MAX_ARGUMENT_DEPTH, tooDeepAt } from './argument-depth.js';
import type { ArgumentPlan } from './argument-plan.js';
import { readBigintText, type ExactBigints } from './bigint-text.js';
import { CallFailure } from './call-errors.js';
import { invalidArgumentsPayload } from './tool-answers.js';
import { describeValue } from './describe-value.js';
import { dtoLibraries } from './dto-libraries.js';
import { excerpt, MAX_ECHO, MAX_ISSUE_TEXT, MAX_ISSUES, MAX_PATH } from './excerpt.js';
import { applyLeniency, setOwn } from './leniency.js';
import type { StandardResult } from './parameters-override.js';
import { revive, validateInstances, type RevivalState } from './revive.js';
import { expectedFromIssue, schemaAt } from './standard-issue-text.js';
import type { CheckSource, ToolPlan } from './tool-plan.js';
import type { ToolIssue } from './types.js';
import { escapePointer, issuesFromAjv } from './validation.js';
import { withoutPrototypes } from './without-prototypes.js';

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

/** The model's `args`: an object; absent means `{}`; JSON text of an object is parsed (a known Gemini slip). */
export function readArguments(args: unknown, toolName: string): Record<string, unknown> | CallFailure {
  if (args === undefined || args === null) return EMPTY as Record<string, unknown>;
  if (typeof args === 'object' && !Array.isArray(args)) return args as Record<string, unknown>;
  if (typeof args === 'string') {
    try {
      const parsed: unknown = JSON.parse(args);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
  }
  return failure(toolName, [{ path: '', expected: 'an object of named arguments', received: describeValue(args) }]);
}

function failure(toolName: string, issues: ToolIssue[]): CallFailure {
  return new CallFailure(invalidArgumentsPayload(toolName, boundIssues(issues), issues.length));
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
 * Prepares the arguments of a tool whose plan awaits nothing (`plan.async` false): repairs, validates, fills
 * defaults and reads them into the method's positional argument list, revived (the ToolContext slot is left empty
 * for the caller). Returns a CallFailure for anything the model must fix.
 */
export function prepareArguments(
  plan: ToolPlan,
  argumentPlan: ArgumentPlan,
  input: Record<string, unknown>,
): unknown[] | CallFailure {
  if (argumentPlan.bigintText) {
    const args = repair(plan, argumentPlan, input);
    if (args instanceof CallFailure) return args;
    const checked = checkJson(plan, argumentPlan, args);
    if (checked instanceof CallFailure) return checked;
    return readArgv(plan, argumentPlan, withDefaults(argumentPlan, checked.args), checked.exact);
  }
  const args = checkedArguments(plan, argumentPlan, input);
  return args instanceof CallFailure ? args : readArgv(plan, argumentPlan, args, null);
}

/**
 * The arguments repaired, validated and with their defaults, for a plan that awaits nothing and reads no bigint from
 * digit text: what `argumentPlan.call` calls the method with (prepareArguments reads them into a list).
 */
export function checkedArguments(
  plan: ToolPlan,
  argumentPlan: ArgumentPlan,
  input: Record<string, unknown>,
): Record<string, unknown> | CallFailure {
  let args = input;
  if (argumentPlan.depthCheck || argumentPlan.lenient !== null) {
    const repaired = repair(plan, argumentPlan, input);
    if (repaired instanceof CallFailure) return repaired;
    args = repaired;
  }
  // The common case, inline: nothing to allocate.
  if (!passes(argumentPlan, args))
    return failure(plan.tool.name, issuesFromAjv(argumentPlan.validate!.errors ?? [], args, plan.declared));
  return argumentPlan.defaults === null ? args : withDefaults(argumentPlan, args);
}

/** The same for a plan that awaits a Standard Schema or the DTO libraries. */
export async function prepareArgumentsAsync(
  plan: ToolPlan,
  argumentPlan: ArgumentPlan,
  input: Record<string, unknown>,
): Promise<unknown[] | CallFailure> {
  const args = repair(plan, argumentPlan, input);
  if (args instanceof CallFailure) return args;
  const source = plan.source;
  const checked =
    source.kind === 'standard' ? await checkStandard(plan, source, args) : checkJson(plan, argumentPlan, args);
  if (checked instanceof CallFailure) return checked;
  const complete = withDefaults(argumentPlan, checked.args);
  if (plan.dto !== null) return readArgvWithDto(plan, plan.dto, complete, checked.exact);
  return readArgv(plan, argumentPlan, complete, checked.exact);
}

/** Arguments that passed their check, with the bigints read exactly from digit text. */
interface Checked {
  args: Record<string, unknown>;
  exact: ExactBigints | null;
}

/**
 * The depth check (where the schema can lead later walks anywhere, they are checked first, without recursion), then
 * the repairs of known Gemini slips.
 */
function repair(
  plan: ToolPlan,
  argumentPlan: ArgumentPlan,
  input: Record<string, unknown>,
): Record<string, unknown> | CallFailure {
  if (argumentPlan.depthCheck) {
    const deep = tooDeepAt(input);
    if (deep !== null) return tooDeep(plan.tool.name, deep);
  }
  if (argumentPlan.lenient === null) return input;
  const args = applyLeniency(input, argumentPlan.lenient) as Record<string, unknown>;
  // JSON text parsed by the repair is new input: as deep as it likes.
  const parsedDeep = args === input || !argumentPlan.depthCheck ? null : tooDeepAt(args);
  return parsedDeep === null ? args : tooDeep(plan.tool.name, parsedDeep);
}

/** Validation; where the tool takes bigints, of the arguments with digit text read as exact integers first. */
function checkJson(plan: ToolPlan, argumentPlan: ArgumentPlan, args: Record<string, unknown>): Checked | CallFailure {
  const read = argumentPlan.bigintText ? readBigintText(args, plan.slots) : null;
  // Issues describe what the model sent (the digit text), not the number validation saw.
  if (!passes(argumentPlan, read?.args ?? args))
    return failure(plan.tool.name, issuesFromAjv(argumentPlan.validate!.errors ?? [], args, plan.declared));
  return read ?? { args, exact: null };
}

/**
 * Runs the plan's JSON Schema validator; for a schema naming an inherited property, on a prototype-free copy
 * (see ArgumentPlan.inheritedNames).
 */
function passes(argumentPlan: ArgumentPlan, args: Record<string, unknown>): boolean {
  return argumentPlan.validate!(argumentPlan.inheritedNames ? withoutPrototypes(args) : args);
}

function tooDeep(toolName: string, path: string): CallFailure {
  const issues = boundIssues([
    { path, expected: `at most ${MAX_ARGUMENT_DEPTH} levels of nested objects and arrays`, received: 'deeper nesting' },
  ]);
  return new CallFailure({
    name: 'InvalidArguments',
    message:
      `Invalid arguments for tool "${toolName}": arguments nested too deeply (more than ${MAX_ARGUMENT_DEPTH} ` +
      `levels of objects and arrays, under ${excerpt(path.split('/', 2).join('/'), MAX_ECHO)}). Send a flatter ` +
      'value and call the tool again.',
    issues,
  });
}

async function checkStandard(
  plan: ToolPlan,
  check: Extract<CheckSource, { kind: 'standard' }>,
  args: Record<string, unknown>,
): Promise<Checked | CallFailure> {
  const issues: ToolIssue[] = [];
  if (check.declaredNames) {
    for (const key of Object.keys(args)) {
      if (!check.declaredNames.has(key)) {
        const allowed = [...check.declaredNames].join(', ');
        issues.push({
          path: `/${escapePointer(key)}`,
          expected: `no property "${excerpt(key, MAX_ECHO)}" (allowed: ${allowed})`,
          received: describeValue(args[key]),
        });
      }
    }
  }
  let result: StandardResult;
  try {
    result = await check.validate(args);
  } catch (error) {
    const message =
      `Tool "${plan.tool.name}": its schema failed while checking the arguments: ` + `${(error as Error).message}`;
    return new CallFailure({ name: 'ToolSchemaError', message });
  }
  for (const issue of result.issues ?? []) {
    const segments = (issue.path ?? []).map((segment) =>
      String(typeof segment === 'object' && segment !== null ? segment.key : segment),
    );
    const path = segments.map((segment) => `/${escapePointer(segment)}`).join('');
    const expected = expectedFromIssue(String(issue.message), schemaAt(plan.declared, segments));
    issues.push({ path, expected, received: describeValue(valueAt(args, segments)) });
  }
  if (issues.length) return failure(plan.tool.name, issues);
  const value = result.value;
  return { args: (typeof value === 'object' && value !== null ? value : args) as Record<string, unknown>, exact: null };
}

function valueAt(data: unknown, segments: string[]): unknown {
  let current = data;
  for (const segment of segments) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** The schema's defaults put in for absent arguments (on a copy: the model's own object is never changed). */
function withDefaults(argumentPlan: ArgumentPlan, validated: Record<string, unknown>): Record<string, unknown> {
  if (argumentPlan.defaults === null) return validated;
  let args = validated;
  for (const [key, value] of argumentPlan.defaults) {
    if (Object.hasOwn(args, key) && args[key] !== undefined) continue;
    if (args === validated) args = { ...validated };
    setOwn(args, key, typeof value === 'object' && value !== null ? structuredClone(value) : value);
  }
  return args;
}

function readArgv(
  plan: ToolPlan,
  argumentPlan: ArgumentPlan,
  args: Record<string, unknown>,
  exact: ExactBigints | null,
): unknown[] | CallFailure {
  const argv = argumentPlan.read(args);
  return plan.revives ? revived(plan, args, argv, exact) : argv;
}

/** Dates, bigints, Sets, ... made from their JSON form in place in `argv` (DTO classes aside: see readArgvWithDto). */
function revived(
  plan: ToolPlan,
  args: Record<string, unknown>,
  argv: unknown[],
  exact: ExactBigints | null,
): unknown[] | CallFailure {
  const state = newState(exact);
  const slots = plan.slots;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    if (slot.kind === 'value') {
      const value = argv[i];
      if (slot.revive !== null && value !== undefined && value !== null)
        argv[i] = revive(value, slot.revive, `/${escapePointer(slot.name)}`, state);
    } else if (slot.kind === 'object' && slot.revive !== null) {
      argv[i] = revive(args, slot.revive, '', state);
    }
  }
  if (state.issues.length) return failure(plan.tool.name, state.issues);
  return argv;
}

function newState(exact: ExactBigints | null): RevivalState {
  return { issues: [], pending: new Map(), libraries: null, exact };
}

async function readArgvWithDto(
  plan: ToolPlan,
  dto: NonNullable<ToolPlan['dto']>,
  args: Record<string, unknown>,
  exact: ExactBigints | null,
): Promise<unknown[] | CallFailure> {
  const purpose = `by tool "${plan.tool.name}" (${plan.tool.class.name}.${plan.tool.method}), which takes a DTO class`;
  const state = newState(exact);
  state.libraries = await dtoLibraries(dto, purpose);
  const argv = new Array<unknown>(plan.slots.length);
  plan.slots.forEach((slot, i) => {
    if (slot.kind === 'value') {
      const value = Object.hasOwn(args, slot.name) ? args[slot.name] : undefined;
      argv[i] =
        slot.revive === null || value === undefined || value === null
          ? value
          : revive(value, slot.revive, `/${escapePointer(slot.name)}`, state);
    } else if (slot.kind === 'object') {
      argv[i] = slot.revive === null ? args : revive(args, slot.revive, '', state);
    }
  });
  if (!state.issues.length) await validateInstances(state);
  if (state.issues.length) return failure(plan.tool.name, state.issues);
  return argv;
}
