import type { ArgumentSlot } from './tool-plan.js';

/** Turns the validated arguments object into the method's positional argument list (before revival). */
export type ArgumentReader = (args: Record<string, unknown>) => unknown[];

/** Calls the method (`fn` on `self`) with its arguments read from the validated arguments object. */
export type DirectCall = (fn: (...args: unknown[]) => unknown, self: object, args: Record<string, unknown>) => unknown;

/**
 * Reading properties by a name held in a variable is a megamorphic keyed load in V8 (about 15 ns each); a reader
 * generated for the tool's parameter names uses constant-name loads instead (the technique ajv uses for validators),
 * which keeps `toolbox.call` within its overhead budget. Where code generation is off (`generateCode: false`) or
 * not allowed (a CSP, some edge runtimes), a plain loop does the same work.
 */
export function createArgumentReader(slots: readonly ArgumentSlot[], generateCode: boolean): ArgumentReader {
  if (generateCode) {
    try {
      return new Function('args', `"use strict"; return ${argumentListSource(slots)};`) as ArgumentReader;
    } catch {
      // Code generation is not allowed here: fall through to the loop.
    }
  }
  return (args) => {
    const argv = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      if (slot.kind === 'value') argv[i] = Object.hasOwn(args, slot.name) ? args[slot.name] : undefined;
      else if (slot.kind === 'object') argv[i] = args;
    }
    return argv;
  };
}

/**
 * A function that calls the method with the arguments read as the reader reads them, but passed straight to it:
 * no argument list is made and no `apply` spreads one (`toolbox.call` 0.92x as long). Null where a slot takes the
 * ToolContext (made per call) or code is not generated (`generateCode` false: the option, or a runtime that forbids
 * it).
 */
export function createDirectCall(slots: readonly ArgumentSlot[], generateCode: boolean): DirectCall | null {
  if (!generateCode || slots.some((slot) => slot.kind === 'context')) return null;
  return new Function('fn', 'self', 'args', `"use strict"; return ${directCallSource(slots)};`) as DirectCall;
}

/**
 * The direct call's body as JavaScript (`fn.call(self, args.a, ...)`): the Toolbox compiles it at run time, and
 * `gen-tools --validators` writes it for each tool that takes no ToolContext, so the two are the same code.
 */
export function directCallSource(slots: readonly { kind: string; name?: string }[]): string {
  return `fn.call(self, ${argumentItems(slots)})`;
}

/**
 * The reader's body as JavaScript: an array literal of the method's arguments, read from `args`. The Toolbox compiles
 * it at run time, and `gen-tools --validators` writes it, so the two readers are the same code.
 */
export function argumentListSource(slots: readonly { kind: string; name?: string }[]): string {
  return `[${argumentItems(slots)}]`;
}

/** The method's arguments as JavaScript expressions on `args`, separated by commas. */
function argumentItems(slots: readonly { kind: string; name?: string }[]): string {
  const items = slots.map((slot) =>
    slot.kind === 'value' && slot.name !== undefined
      ? readOwn(slot.name)
      : slot.kind === 'object'
        ? 'args'
        : 'undefined',
  );
  return items.join(', ');
}

function readOwn(name: string): string {
  const key = JSON.stringify(name);
  // Names every object inherits (`toString`, `constructor`, `__proto__`) are read only when the model sent them.
  return name in Object.prototype ? `(Object.hasOwn(args, ${key}) ? args[${key}] : undefined)` : `args[${key}]`;
}
