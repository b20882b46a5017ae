import type { Revival } from '../manifest.js';
import { describeValue } from './describe-value.js';
import type { DtoLibraries, ValidationErrorLike } from './dto-libraries.js';
import type { ToolClass, ToolIssue } from './types.js';
import { setOwn } from './leniency.js';
import { escapePointer } from './validation.js';
import { BIGINT_TEXT, type ExactBigints } from './bigint-text.js';
import { utcDateTime } from './utc-date-time.js';

/** A revival plan with DTO classes resolved, made once per tool. */
export type CompiledRevival =
  | { kind: 'date' }
  | { kind: 'url' }
  | { kind: 'bigint' }
  | { kind: 'set'; items: CompiledRevival | null }
  | { kind: 'array'; items: CompiledRevival }
  | { kind: 'tuple'; items: (CompiledRevival | null)[] }
  | { kind: 'record'; values: CompiledRevival }
  | { kind: 'object'; properties: [string, CompiledRevival][] }
  | { kind: 'class'; name: string; target: ToolClass; properties: [string, CompiledRevival][]; validate: boolean };

export interface RevivalNeeds {
  transformer: boolean;
  validator: boolean;
}

/** Resolves DTO classes (by identity from the TS manifest, else by name from `classes`); throws for the programmer. */
export function compileRevival(
  revival: Revival,
  classes: ReadonlyMap<string, ToolClass[]>,
  where: string,
  needs: RevivalNeeds,
): CompiledRevival {
  const inner = (child: Revival) => compileRevival(child, classes, where, needs);
  switch (revival.kind) {
    case 'date':
    case 'url':
    case 'bigint':
      return { kind: revival.kind };
    case 'set':
      return { kind: 'set', items: revival.items ? inner(revival.items) : null };
    case 'array':
      return { kind: 'array', items: inner(revival.items) };
    case 'tuple':
      return { kind: 'tuple', items: revival.items.map((item) => (item ? inner(item) : null)) };
    case 'record':
      return { kind: 'record', values: inner(revival.values) };
    case 'object':
      return {
        kind: 'object',
        properties: Object.entries(revival.properties).map(([key, child]) => [key, inner(child)]),
      };
    case 'class': {
      const target = revival.target?.() ?? uniqueClass(classes, revival.name, revival.file, where);
      needs.transformer = true;
      if (revival.validate) needs.validator = true;
      return {
        kind: 'class',
        name: revival.name,
        target: target as ToolClass,
        properties: Object.entries(revival.properties ?? {}).map(([key, child]) => [key, inner(child)]),
        validate: !!revival.validate,
      };
    }
    default:
      throw new TypeError(
        `${where}: unknown revival kind ${JSON.stringify((revival as { kind: unknown }).kind)}: run gen-tools`,
      );
  }
}

function uniqueClass(classes: ReadonlyMap<string, ToolClass[]>, name: string, file: string, where: string): ToolClass {
  const found = classes.get(name) ?? [];
  if (found.length === 1) return found[0]!;
  if (found.length > 1) {
    throw new TypeError(
      `${where}: more than one class named ${name} was given in options.classes; bind with the TS manifest ` +
        '(tools.generated.ts), which refers to classes by identity',
    );
  }
  throw new TypeError(
    `${where}: the parameter is a ${name} (${file}), and a JSON manifest holds no class references: pass the ` +
      'class in options.classes, or use the TS manifest (tools.generated.ts)',
  );
}

/** Mutable state of one call's revival: issues found, and DTO instances that class-validator must check. */
export interface RevivalState {
  issues: ToolIssue[];
  /** In the order found (nested DTOs before their parent), each instance once. */
  pending: Map<object, string>;
  libraries: DtoLibraries | null;
  /** Bigints read from digit text before validation, by path (see readBigintText). */
  exact?: ExactBigints | null;
}

/** Converts a validated JSON value into the declared type; problems are pushed to `state.issues`. */
export function revive(value: unknown, plan: CompiledRevival, path: string, state: RevivalState): unknown {
  if (value === null || value === undefined) return value;
  switch (plan.kind) {
    case 'date': {
      if (value instanceof Date) return value;
      // Text without a UTC offset is read as UTC, as validation's repair reads it (JavaScript would read local time).
      const text = typeof value === 'string' ? (utcDateTime(value) ?? value) : value;
      const date = typeof text === 'string' || typeof text === 'number' ? new Date(text) : new Date(Number.NaN);
      if (Number.isNaN(date.getTime())) return issue(state, path, 'date-time text, e.g. "2025-01-31T09:30:00Z"', value);
      return date;
    }
    case 'url': {
      if (value instanceof URL) return value;
      if (typeof value === 'string' && URL.canParse(value)) return new URL(value);
      return issue(state, path, 'absolute URL, e.g. "https://example.com/a"', value);
    }
    case 'bigint': {
      if (typeof value === 'bigint') return value;
      // Digit text, read exactly before validation replaced it with the nearest number.
      const exact = state.exact?.get(path);
      if (exact !== undefined) return exact;
      if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
      if (typeof value === 'number' && Number.isInteger(value)) {
        return issue(
          state,
          path,
          'integer as a string of digits, e.g. "12345678901234567890" (a JSON number beyond 2^53 has lost digits)',
          value,
        );
      }
      if (typeof value === 'string' && BIGINT_TEXT.test(value)) return BigInt(value);
      return issue(state, path, 'integer (a whole number, or its digits as text)', value);
    }
    case 'set': {
      if (value instanceof Set) return value;
      if (!Array.isArray(value)) return issue(state, path, 'array', value);
      const set = new Set<unknown>();
      for (let i = 0; i < value.length; i++)
        set.add(plan.items ? revive(value[i], plan.items, `${path}/${i}`, state) : value[i]);
      return set;
    }
    case 'array':
      if (!Array.isArray(value)) return value;
      return value.map((item, i) => revive(item, plan.items, `${path}/${i}`, state));
    case 'tuple':
      if (!Array.isArray(value)) return value;
      return value.map((item, i) => {
        const itemPlan = plan.items[i];
        return itemPlan ? revive(item, itemPlan, `${path}/${i}`, state) : item;
      });
    case 'record': {
      if (typeof value !== 'object' || Array.isArray(value)) return value;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value))
        setOwn(
          out,
          key,
          revive((value as Record<string, unknown>)[key], plan.values, `${path}/${escapePointer(key)}`, state),
        );
      return out;
    }
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return value;
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const [key, child] of plan.properties) {
        if (Object.hasOwn(out, key)) setOwn(out, key, revive(out[key], child, `${path}/${escapePointer(key)}`, state));
      }
      return out;
    }
    case 'class': {
      let instance: Record<string, unknown>;
      // Already an instance: class-transformer's @Type built it for an enclosing DTO (or a caller passed one). Its
      // properties are still JSON, so the plan applies to it as well; only what changes is written.
      if (value instanceof (plan.target as unknown as new () => object)) instance = value as Record<string, unknown>;
      else if (typeof value !== 'object' || Array.isArray(value)) return value;
      else instance = state.libraries!.plainToInstance(plan.target, value) as Record<string, unknown>;
      for (const [key, child] of plan.properties) {
        if (!Object.hasOwn(instance, key)) continue;
        const current = instance[key];
        const revived = revive(current, child, `${path}/${escapePointer(key)}`, state);
        if (revived !== current) instance[key] = revived;
      }
      if (plan.validate && !state.pending.has(instance)) state.pending.set(instance, path);
      return instance;
    }
  }
}

function issue(state: RevivalState, path: string, expected: string, value: unknown): unknown {
  state.issues.push({ path, expected, received: describeValue(value) });
  return value;
}

/** Runs class-validator on the DTO instances built in this call; its failures become issues. */
export async function validateInstances(state: RevivalState): Promise<void> {
  const validate = state.libraries?.validate;
  if (!validate) return;
  // A nested DTO is checked on its own and again through its parent's @ValidateNested: report each failure once.
  const seen = new Set<string>();
  for (const [instance, path] of state.pending) {
    const errors = await validate(instance, {
      forbidUnknownValues: false,
      validationError: { target: false, value: true },
    });
    collect(errors, path, state.issues, seen);
  }
}

function collect(errors: ValidationErrorLike[], base: string, issues: ToolIssue[], seen: Set<string>): void {
  for (const error of errors) {
    const path = `${base}/${escapePointer(String(error.property))}`;
    if (error.constraints && Object.keys(error.constraints).length) {
      const expected = Object.values(error.constraints).join('; ');
      const key = `${path}\u0000${expected}`;
      if (!seen.has(key)) {
        seen.add(key);
        issues.push({ path, expected, received: describeValue(error.value) });
      }
    }
    if (error.children?.length) collect(error.children, path, issues, seen);
  }
}
