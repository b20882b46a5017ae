import type { DtoModules, ManifestTool, ToolManifest } from '../manifest.js';
import type { ToolOptions } from '../tool-options.js';
import { toolMethods } from '../tool.js';
import { isDefinedTool, type DefinedTool } from '../define-tool.js';
import { parameterNames } from './parameter-names.js';
import { checkParameters } from './parameter-drift.js';
import { readParametersOverride, type ParametersOverride } from './parameters-override.js';
import type { ArgumentReader, DirectCall } from './argument-reader.js';
import { planTool, type ToolPlan } from './tool-plan.js';
import type { SchemaChecker } from '../schema-checker/marker.js';
import type { BoundTool, PrecompiledValidator, ToolboxOptions, ToolClass } from './types.js';
import { GEMINI_TOOL_NAME } from '../gemini-limits.js';

const RUN_GEN_TOOLS = 'run gen-tools';

/** The manifest indexed for binding, made once per manifest object. */
interface ManifestIndex {
  /** Entries of the TS module, by class identity and method. */
  byTarget: Map<unknown, Map<string, ManifestTool>>;
  /** Entries without a class reference (JSON), by class name and method (several when names clash). */
  byName: Map<string, Map<string, ManifestTool[]>>;
  /** What the index was made from: a manifest changed since (tools added or replaced) is indexed again. */
  tools: ManifestTool[];
  count: number;
}

const indexes = new WeakMap<ToolManifest, ManifestIndex>();

function indexManifest(manifest: ToolManifest): ManifestIndex {
  let index = indexes.get(manifest);
  if (index && index.tools === manifest.tools && index.count === manifest.tools.length) return index;
  if (typeof manifest !== 'object' || manifest === null || !Array.isArray(manifest.tools)) {
    throw new TypeError('The manifest must be { version: 1, tools: [...] } as written by gen-tools');
  }
  if (manifest.version !== 1) {
    throw new TypeError(
      `The manifest has version ${JSON.stringify(manifest.version)}; this Toolbox reads version 1: ${RUN_GEN_TOOLS}`,
    );
  }
  index = { byTarget: new Map(), byName: new Map(), tools: manifest.tools, count: manifest.tools.length };
  for (const entry of manifest.tools) {
    if (typeof entry.target === 'function') {
      const target = entry.target();
      if (typeof target !== 'function') {
        throw new TypeError(`The manifest entry ${entry.class}.${entry.method} refers to no class (an import cycle?)`);
      }
      let methods = index.byTarget.get(target);
      if (!methods) index.byTarget.set(target, (methods = new Map()));
      methods.set(entry.method, entry);
    } else {
      let methods = index.byName.get(entry.class);
      if (!methods) index.byName.set(entry.class, (methods = new Map()));
      const list = methods.get(entry.method);
      if (list) list.push(entry);
      else methods.set(entry.method, [entry]);
    }
  }
  indexes.set(manifest, index);
  return index;
}

/** State shared by every bind of one Toolbox: which class a name stood for, DTO classes by name. */
export interface BindContext {
  options: ToolboxOptions;
  /** Classes bound through name matching (JSON manifests), to refuse two different classes with one name. */
  classesByBoundName: Map<string, ToolClass>;
  dtoClasses: Map<string, ToolClass[]>;
}

export function createBindContext(options: ToolboxOptions): BindContext {
  const dtoClasses = new Map<string, ToolClass[]>();
  for (const cls of options.classes ?? []) {
    const list = dtoClasses.get(cls.name);
    if (list) list.push(cls);
    else dtoClasses.set(cls.name, [cls]);
  }
  return { options, classesByBoundName: new Map(), dtoClasses };
}

/** Forgets the class a name stood for once no bound instance is of that class (after `remove`). */
export function forgetUnboundClasses(context: BindContext, instances: Iterable<object>): void {
  const remaining = [...instances];
  for (const [name, cls] of context.classesByBoundName) {
    if (!remaining.some((instance) => instance instanceof (cls as unknown as new () => object)))
      context.classesByBoundName.delete(name);
  }
}

/**
 * Binds the `@tool()` methods of one instance, or one tool made by defineTool. Throws for the programmer (bad
 * instance, stale manifest).
 */
export function bindInstance(instance: object, manifest: ToolManifest, context: BindContext): ToolPlan[] {
  if (isDefinedTool(instance)) return [bindDefinedTool(instance, context)];
  if (typeof instance === 'function') {
    throw new TypeError(
      `Pass an instance of ${(instance as { name?: string }).name || 'the class'} ` +
        `(new ${(instance as { name?: string }).name || 'X'}()), not the class itself`,
    );
  }
  if (typeof instance !== 'object' || instance === null) {
    throw new TypeError(`A Toolbox binds class instances; got ${instance === null ? 'null' : typeof instance}`);
  }
  const cls = instance.constructor as ToolClass;
  const className = cls?.name || '(anonymous class)';
  const methods = toolMethods(instance);
  if (methods.size === 0) throw new TypeError(`${className} has no @tool() methods`);
  const index = indexManifest(manifest);
  const chain = classChain(instance);

  const plans: ToolPlan[] = [];
  const matchedByName = new Map<ToolClass, Set<string>>();
  for (const [method, toolOptions] of methods) {
    const where = `${className}.${method}`;
    const entry = findEntry(index, chain, method, where, context, matchedByName);
    const fn = (instance as Record<string, unknown>)[method];
    if (typeof fn !== 'function') throw new TypeError(`${where} has @tool() but is not a method`);
    if (!entry && !toolOptions.parameters) {
      const byNameOnly = index.byTarget.size === 0 && index.byName.size > 0;
      const classLeftOut =
        index.count > 0 && !byNameOnly && !chain.some((cls) => index.byTarget.has(cls) || index.byName.has(cls.name));
      if (index.count === 0) {
        // No manifest passed (or an empty one): running gen-tools again would not change what this Toolbox got.
        throw new TypeError(
          `${where} has @tool() but the Toolbox got no manifest entries: pass the manifest gen-tools writes ` +
            '(new Toolbox([...], manifest)), or give the method its schema with @tool({ parameters })',
        );
      }
      if (classLeftOut) {
        // No method of the class at all: gen-tools has not run since the class came, or left it out (it cannot
        // import a class that is not exported).
        throw new TypeError(
          `${where} has @tool() but no method of ${className} is in the manifest: ${RUN_GEN_TOOLS} (the class is ` +
            `newer than the manifest); if it warns "class ${className} has @tool() methods but is not exported", ` +
            `export ${className} from the top level of its file, which the generated module must import`,
        );
      }
      throw new TypeError(
        `${where} has @tool() but is not in the manifest: ${RUN_GEN_TOOLS}` +
          (byNameOnly
            ? ' (a JSON manifest matches classes by name: if a bundler renames classes, keep their names or use ' +
              'the TS manifest)'
            : ''),
      );
    }
    if (entry) checkParameters(entry, fn as (...args: unknown[]) => unknown, where);
    else checkObjectSignature(fn as (...args: unknown[]) => unknown, toolOptions, where);
    const fromManifest = entry
      ? {
          validator: manifest.validators?.[entry.name],
          reader: manifest.readers?.[entry.name],
          caller: manifest.callers?.[entry.name],
          dtoModules: manifest.dtoModules,
        }
      : {};
    const bound = fn as (...args: unknown[]) => unknown;
    plans.push(bindTool(instance, cls, method, bound, toolOptions, entry, fromManifest, context, where));
  }
  checkGoneMethods(index, chain, methods, matchedByName);
  return plans;
}

function classChain(instance: object): ToolClass[] {
  const chain: ToolClass[] = [];
  for (
    let proto = Object.getPrototypeOf(instance) as object | null;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    const ctor = (proto as { constructor?: unknown }).constructor;
    if (typeof ctor === 'function' && !chain.includes(ctor as ToolClass)) chain.push(ctor as ToolClass);
  }
  return chain;
}

function findEntry(
  index: ManifestIndex,
  chain: ToolClass[],
  method: string,
  where: string,
  context: BindContext,
  matchedByName: Map<ToolClass, Set<string>>,
): ManifestTool | undefined {
  for (const cls of chain) {
    const byIdentity = index.byTarget.get(cls)?.get(method);
    if (byIdentity) return byIdentity;
    const byName = index.byName.get(cls.name)?.get(method);
    if (byName) {
      if (byName.length > 1) {
        throw new TypeError(
          `${where}: the JSON manifest has ${byName.length} classes named ${cls.name} ` +
            `(${byName.map((entry) => entry.file).join(', ')}); ` +
            'bind with the TS manifest (tools.generated.ts), which refers to classes by identity',
        );
      }
      const earlier = context.classesByBoundName.get(cls.name);
      if (earlier && earlier !== cls) {
        throw new TypeError(
          `${where}: two different classes named ${cls.name} are bound through a JSON manifest, which can only ` +
            'match them by name; ' +
            'bind with the TS manifest (tools.generated.ts), which refers to classes by identity',
        );
      }
      context.classesByBoundName.set(cls.name, cls);
      let files = matchedByName.get(cls);
      if (!files) matchedByName.set(cls, (files = new Set()));
      files.add(byName[0]!.file);
      return byName[0];
    }
  }
  return undefined;
}

/**
 * Entries for a bound class whose method no longer has `@tool()` (or no longer exists). In a JSON manifest a class
 * is known by name and file: only entries from the files its other methods matched are its own.
 */
function checkGoneMethods(
  index: ManifestIndex,
  chain: ToolClass[],
  methods: Map<string, ToolOptions>,
  matchedByName: Map<ToolClass, Set<string>>,
): void {
  for (const cls of chain) {
    const entries: ManifestTool[] = [...(index.byTarget.get(cls)?.values() ?? [])];
    const files = matchedByName.get(cls);
    const named = files && index.byName.get(cls.name);
    if (named) for (const list of named.values()) entries.push(...list.filter((entry) => files.has(entry.file)));
    for (const entry of entries) {
      if (methods.has(entry.method)) continue;
      const exists = typeof (cls.prototype as Record<string, unknown>)[entry.method] === 'function';
      throw new TypeError(
        `${entry.class}.${entry.method} is in the manifest ` +
          `but ${exists ? 'has no @tool()' : 'the method is gone'}: ${RUN_GEN_TOOLS}`,
      );
    }
  }
}

/**
 * A method bound from its `parameters` option alone (no manifest entry) is called as `method(args, context)`: the
 * arguments object, then the ToolContext. A method that declares more parameters, or a second one named like a
 * property of its schema, expects its arguments one by one: binding it so would hand it the arguments object and the
 * context in their place, so it is refused.
 */
function checkObjectSignature(fn: (...args: unknown[]) => unknown, toolOptions: ToolOptions, where: string): void {
  const names = parameterNames(fn);
  const declared = names ?? Array.from({ length: fn.length }, (_, i) => `parameter ${i + 1}`);
  if (declared[0]?.startsWith('...')) return;
  const parameters = toolOptions.parameters as { properties?: unknown } | undefined;
  const declaredProperties = parameters?.properties;
  const properties =
    typeof declaredProperties === 'object' && declaredProperties !== null ? Object.keys(declaredProperties) : [];
  const second = declared[1];
  const positional = declared.length > 2 || (second !== undefined && names !== null && properties.includes(second));
  if (!positional) return;
  const method = where.slice(where.lastIndexOf('.') + 1);
  throw new TypeError(
    `${where} takes (${declared.join(', ')}) but is not in the manifest, so it would be called with the arguments ` +
      'object and the ToolContext in their place. Without a manifest entry a tool method takes one arguments object ' +
      `(${method}(args: { ${properties.join(', ')} }), and optionally a ToolContext second); ` +
      `to keep one parameter per argument, ${RUN_GEN_TOOLS} so that the manifest lists its parameters`,
  );
}

/** A tool made by defineTool: its handler is called as `handler(args, context)`, bound to nothing. */
function bindDefinedTool(defined: DefinedTool<never>, context: BindContext): ToolPlan {
  const where = `defineTool "${defined.name}"`;
  const cls = defined.constructor as ToolClass;
  const handler = defined.handler as (...args: unknown[]) => unknown;
  return bindTool(defined, cls, 'handler', handler, defined.options, undefined, {}, context, where);
}

/** The bound tool (manifest entry and decorator options merged) and its plan. */
function bindTool(
  instance: object,
  cls: ToolClass,
  method: string,
  fn: (...args: unknown[]) => unknown,
  toolOptions: ToolOptions,
  entry: ManifestTool | undefined,
  fromManifest: {
    validator?: PrecompiledValidator | SchemaChecker | undefined;
    reader?: ArgumentReader | undefined;
    caller?: DirectCall | undefined;
    dtoModules?: DtoModules | undefined;
  },
  context: BindContext,
  where: string,
): ToolPlan {
  const override: ParametersOverride | undefined = toolOptions.parameters
    ? readParametersOverride(toolOptions.parameters, where)
    : undefined;
  const name = toolOptions.name ?? entry?.name ?? method;
  if (typeof name !== 'string' || !GEMINI_TOOL_NAME.test(name)) {
    throw new TypeError(
      `${where}: tool name ${JSON.stringify(name)} is not a valid Gemini function name (a letter or _, then ` +
        'letters, digits, _ . : -, at most 128)',
    );
  }
  const declared = override?.schema ?? entry!.parameters;
  if (declared?.type !== 'object')
    throw new TypeError(`${where}: the manifest's parameters are not an object schema: ${RUN_GEN_TOOLS}`);
  const params = entry?.params ?? [];
  let positional = true;
  if (override) {
    const valueNames = params.filter((param) => param.kind === 'value').map((param) => param.name);
    positional = entry !== undefined && sameNames(valueNames, Object.keys(declared.properties ?? {}));
  }

  const timeoutMs = toolOptions.timeoutMs ?? context.options.timeoutMs;
  const tool: { -readonly [K in keyof BoundTool]: BoundTool[K] } = {
    name,
    parameters: declared,
    class: cls,
    method,
    instance,
    options: toolOptions,
    argumentMode: positional ? 'positional' : 'object',
  };
  const description = toolOptions.description ?? entry?.description;
  if (description !== undefined) tool.description = description;
  if (entry?.returns) tool.returns = entry.returns;
  if (entry?.deprecated) tool.deprecated = entry.deprecated;
  if (entry?.annotations || toolOptions.annotations)
    tool.annotations = { ...entry?.annotations, ...toolOptions.annotations };
  if (timeoutMs !== undefined) tool.timeoutMs = timeoutMs;
  if (entry) tool.manifest = entry;
  Object.freeze(tool);

  // What the manifest precompiled checks the manifest's schema: not an overridden one.
  const precompiled = !override && entry !== undefined;
  return planTool({
    tool,
    fn,
    params: entry ? params : null,
    positional,
    standard: override?.standard,
    manifestValidator: precompiled ? fromManifest.validator : undefined,
    manifestReader: precompiled ? fromManifest.reader : undefined,
    manifestCaller: precompiled ? fromManifest.caller : undefined,
    optionsValidator: precompiled ? context.options.validators?.[entry.name] : undefined,
    options: context.options,
    dtoClasses: context.dtoClasses,
    dtoModules: fromManifest.dtoModules,
    where,
  });
}

function sameNames(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((name) => set.has(name));
}
