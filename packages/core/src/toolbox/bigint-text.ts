import type { CompiledRevival } from './revive.js';
import type { ArgumentSlot } from './tool-plan.js';
import { setOwn } from './leniency.js';
import { escapePointer } from './validation.js';

/** Digits with an optional sign, nothing else: the exact form of an integer that JSON numbers cannot hold. */
export const BIGINT_TEXT = /^[+-]?\d+$/;

/** Exact values read from digit text, by the JSON Pointer of the argument (as revival walks them). */
export type ExactBigints = Map<string, bigint>;

/** True when some slot's revival has a bigint somewhere: only those tools pay for the walk. */
export function hasBigint(slots: readonly ArgumentSlot[]): boolean {
  const seen = new Set<CompiledRevival>();
  const visit = (plan: CompiledRevival | null): boolean => {
    if (!plan || seen.has(plan)) return false;
    seen.add(plan);
    switch (plan.kind) {
      case 'bigint':
        return true;
      case 'set':
      case 'array':
        return visit(plan.items);
      case 'tuple':
        return plan.items.some(visit);
      case 'record':
        return visit(plan.values);
      case 'object':
      case 'class':
        return plan.properties.some(([, child]) => visit(child));
      default:
        return false;
    }
  };
  return slots.some((slot) => (slot.kind === 'value' || slot.kind === 'object') && visit(slot.revive));
}

/**
 * Leniency for bigint parameters: where the revival says bigint, a string of digits ("12345678901234567890") is
 * taken, because it is the only exact form (a JSON number above 2^53 has lost digits before it arrives). For
 * validation the text is replaced by the nearest number, so that `type: 'integer'` and the bounds check it; the
 * exact value is kept by path and revival uses it. Other strings are left alone for validation to refuse.
 * Works on a copy along the changed paths (the model's `args` are never changed); null when nothing changed.
 */
export function readBigintText(
  args: Record<string, unknown>,
  slots: readonly ArgumentSlot[],
): { args: Record<string, unknown>; exact: ExactBigints } | null {
  const exact: ExactBigints = new Map();
  let out = args;
  for (const slot of slots) {
    if (slot.kind === 'value' && slot.revive !== null && Object.hasOwn(out, slot.name)) {
      const value = out[slot.name];
      const read = walk(value, slot.revive, `/${escapePointer(slot.name)}`, exact);
      if (read !== value) {
        if (out === args) out = { ...args };
        setOwn(out, slot.name, read);
      }
    } else if (slot.kind === 'object' && slot.revive !== null) {
      out = walk(out, slot.revive, '', exact) as Record<string, unknown>;
    }
  }
  return exact.size ? { args: out, exact } : null;
}

function walk(value: unknown, plan: CompiledRevival, path: string, exact: ExactBigints): unknown {
  if (value === null || typeof value !== 'object') {
    if (plan.kind !== 'bigint' || typeof value !== 'string' || !BIGINT_TEXT.test(value)) return value;
    const big = BigInt(value);
    exact.set(path, big);
    const near = Number(big);
    // Beyond the largest double the nearest number is the largest finite one: still an integer, still over any bound.
    return Number.isFinite(near) ? near : near > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE;
  }
  switch (plan.kind) {
    case 'set':
    case 'array':
    case 'tuple': {
      if (!Array.isArray(value)) return value;
      let copy: unknown[] | null = null;
      for (let i = 0; i < value.length; i++) {
        const itemPlan = plan.kind === 'tuple' ? plan.items[i] : plan.items;
        if (!itemPlan) continue;
        const read = walk(value[i], itemPlan, `${path}/${i}`, exact);
        if (read !== value[i]) (copy ??= value.slice())[i] = read;
      }
      return copy ?? value;
    }
    case 'record':
    case 'object':
    case 'class': {
      if (Array.isArray(value)) return value;
      const object = value as Record<string, unknown>;
      const entries: Iterable<[string, CompiledRevival]> =
        plan.kind === 'record'
          ? Object.keys(object).map((key) => [key, plan.values] as [string, CompiledRevival])
          : plan.properties;
      let copy: Record<string, unknown> | null = null;
      for (const [key, child] of entries) {
        if (!Object.hasOwn(object, key)) continue;
        const read = walk(object[key], child, `${path}/${escapePointer(key)}`, exact);
        if (read !== object[key]) setOwn((copy ??= { ...object }), key, read);
      }
      return copy ?? object;
    }
    default:
      return value;
  }
}
