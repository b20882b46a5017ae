import type { ToolOptions } from './tool-options.js';

// Node 20 has no Symbol.metadata; without it, TypeScript's standard decorators get no `context.metadata`.
// This is the polyfill the TC39 proposal and TypeScript's release notes recommend.
// Typed loosely so that the package's sources also compile under a `lib` without ESNext.Decorators.
const metadataKey: symbol = ((Symbol as unknown as { metadata?: symbol }).metadata ??= Symbol.for('Symbol.metadata'));

/** Tools declared by legacy decorators, keyed by the class prototype. */
const legacyTools = new WeakMap<object, Map<string, ToolOptions>>();
/** Key in standard decorator metadata objects (`Class[Symbol.metadata]`). */
const TOOLS = Symbol.for('toolwright.tools');

/**
 * The parts of a TC39 method decorator context that `@tool()` reads. Declared structurally rather than as
 * `ClassMethodDecoratorContext<This, Method>`: that type constrains the method to `(...args: any) => any`, which a
 * method with a `never` parameter (or a `this` parameter) is not, so `@tool()` would not type-check on it.
 * An instance method with a string name: what the Toolbox can bind.
 */
export interface ToolMethodContext {
  readonly kind: 'method';
  readonly name: string;
  readonly static: false;
  readonly private: false;
  // `| undefined`: TypeScript declares it so, which `exactOptionalPropertyTypes` holds to the letter.
  readonly metadata?: object | undefined;
  addInitializer(initializer: (this: never) => void): void;
}

/** A decorator that works under both `experimentalDecorators` and TC39 (TypeScript 5+) decorators. */
export interface ToolDecorator {
  (value: (this: never, ...args: never[]) => unknown, context: ToolMethodContext): void;
  (target: object, propertyKey: string | symbol, descriptor: PropertyDescriptor): void;
}

/**
 * Marks a method of a service class as a tool. gen-tools reads the method's types and JSDoc; the Toolbox binds
 * instances of the class. Options override what gen-tools found.
 *
 * @example
 * ```ts
 * import { tool } from '@toolwright/core';
 *
 * export class WeatherService {
 *   // Its JSDoc (the summary, each `@param`) becomes the descriptions the model reads.
 *   @tool()
 *   async getCurrentWeather(location: string, unit: 'celsius' | 'fahrenheit' = 'celsius') { ... }
 *
 *   @tool({ name: 'forecast', timeoutMs: 5_000 })
 *   async getForecast(location: string, days: number) { ... }
 * }
 * ```
 */
export function tool(options?: ToolOptions): ToolDecorator {
  if (options === undefined) return (plainDecorator ??= decorator(Object.freeze({})));
  return decorator(Object.freeze({ ...options }));
}

/**
 * The decorator of `@tool()` with no options, made once: a class of many tools is defined at import, on every cold
 * start, and each decorator made there costs a closure, a frozen copy and, under a bundler that keeps names, a call
 * that names it.
 */
let plainDecorator: ToolDecorator | undefined;

function decorator(frozen: Readonly<ToolOptions>): ToolDecorator {
  return function decorate(target: unknown, context: unknown): void {
    if (isStandardContext(context)) {
      if (context.kind !== 'method') throw new TypeError(`@tool() goes on a method, not on a ${context.kind}`);
      const name = methodName(context.name);
      if (context.static) throw new TypeError(`@tool() on static method ${name}: tools are bound to instances`);
      if (context.private)
        throw new TypeError(`@tool() on private method ${name}: the Toolbox calls tools from outside the class`);
      const metadata = context.metadata as Record<symbol, unknown> | undefined;
      if (metadata) {
        if (!Object.hasOwn(metadata, TOOLS)) metadata[TOOLS] = new Map<string, ToolOptions>();
        (metadata[TOOLS] as Map<string, ToolOptions>).set(name, frozen);
      } else {
        // A runtime without metadata support: register on first construction instead.
        context.addInitializer(function (this: unknown) {
          registerLegacy(Object.getPrototypeOf(this) as object, name, frozen);
        });
      }
      return;
    }
    if (typeof target === 'function') {
      throw new TypeError(`@tool() on static method ${String(context)}: tools are bound to instances`);
    }
    if (typeof target !== 'object' || target === null || (typeof context !== 'string' && typeof context !== 'symbol')) {
      throw new TypeError('@tool() goes on a method of a class');
    }
    registerLegacy(target, methodName(context), frozen);
  } as ToolDecorator;
}

function registerLegacy(prototype: object, name: string, options: ToolOptions): void {
  let tools = legacyTools.get(prototype);
  if (!tools) legacyTools.set(prototype, (tools = new Map()));
  tools.set(name, options);
}

function isStandardContext(value: unknown): value is ClassMethodDecoratorContext | DecoratorContext {
  return typeof value === 'object' && value !== null && 'kind' in value && 'name' in value;
}

function methodName(name: string | symbol): string {
  if (typeof name === 'symbol') throw new TypeError(`@tool() needs a method with a string name, not ${String(name)}`);
  return name;
}

/**
 * The `@tool()` methods of a class or of an instance's class, with their options, inherited ones included
 * (a subclass's declaration wins).
 */
export function toolMethods(classOrInstance: object): Map<string, ToolOptions> {
  const prototypes: object[] = [];
  let proto: object | null =
    typeof classOrInstance === 'function'
      ? (classOrInstance.prototype as object)
      : Object.getPrototypeOf(classOrInstance);
  while (proto && proto !== Object.prototype) {
    prototypes.push(proto);
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  const found = new Map<string, ToolOptions>();
  for (const prototype of prototypes.reverse()) {
    for (const [name, options] of legacyTools.get(prototype) ?? []) found.set(name, options);
    const ctor = (prototype as { constructor?: unknown }).constructor as Record<symbol, unknown> | undefined;
    const metadata = ctor?.[metadataKey] as Record<symbol, unknown> | undefined;
    if (metadata && Object.hasOwn(metadata, TOOLS)) {
      for (const [name, options] of metadata[TOOLS] as Map<string, ToolOptions>) found.set(name, options);
    }
  }
  return found;
}
