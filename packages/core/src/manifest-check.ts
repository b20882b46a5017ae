import { isDefinedManifest, type ManifestTool, type ToolManifest } from './manifest.js';
import { isSchemaChecker } from './schema-checker/marker.js';
import { annotationProblems } from './tool-annotations.js';

/**
 * A manifest as TypeScript types one imported from a `.json` file (`with { type: 'json' }`): literals widen, so
 * `version` is a `number` and `kind` a `string`. The Toolbox takes it as it is and checks it at run time.
 */
export interface ManifestJson {
  version: number;
  hash?: string;
  tools: readonly object[];
}

const REVIVAL_KINDS = ['date', 'url', 'bigint', 'set', 'array', 'tuple', 'record', 'object', 'class'] as const;
/** More problems than this are counted, not listed. */
const MAX_LISTED = 10;

/**
 * Checks that a value is a manifest this version reads (`version: 1`, and every tool with the fields gen-tools
 * writes, of the right kinds) and returns it typed as a {@link ToolManifest}. Throws a TypeError that lists each
 * problem with its place, e.g. `tools[1] ("add").params[0].kind: expected "value" or "context", found "val"`.
 */
export function loadManifest(json: unknown): ToolManifest {
  return checkManifest(json, true);
}

/**
 * The Toolbox's check of a manifest it is given: loadManifest's, except that the tools of one made by defineManifest
 * (gen-tools' TS module), which the compiler checked, are not checked one by one again. That took some 2 ms of every
 * cold start of a 100-tool app, before the JIT warms up.
 */
export function toolboxManifest(manifest: ToolManifest | ManifestJson): ToolManifest {
  return checkManifest(manifest, !isDefinedManifest(manifest));
}

function checkManifest(json: unknown, eachTool: boolean): ToolManifest {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new TypeError(
      `The manifest must be an object { version: 1, tools: [...] } as gen-tools writes it, got ${found(json)}`,
    );
  }
  const manifest = json as Record<string, unknown>;
  if (manifest.version !== 1) {
    throw new TypeError(
      `The manifest has version ${found(manifest.version)}; this version of @toolwright/core reads version 1: ` +
        'run gen-tools again',
    );
  }
  const problems: string[] = [];
  if (manifest.hash !== undefined && typeof manifest.hash !== 'string')
    problems.push(`hash: expected a string, found ${found(manifest.hash)}`);
  if (manifest.validators !== undefined && !isFunctionMap(manifest.validators, isSchemaChecker)) {
    problems.push(
      'validators: expected an object of validators and schema checkers (as gen-tools --validators writes), found ' +
        found(manifest.validators),
    );
  }
  if (manifest.readers !== undefined && !isFunctionMap(manifest.readers)) {
    problems.push(
      `readers: expected an object of functions (as gen-tools --validators writes), found ${found(manifest.readers)}`,
    );
  }
  if (manifest.callers !== undefined && !isFunctionMap(manifest.callers)) {
    problems.push(
      `callers: expected an object of functions (as gen-tools --validators writes), found ${found(manifest.callers)}`,
    );
  }
  if (manifest.dtoModules !== undefined && !isDtoModules(manifest.dtoModules)) {
    problems.push(
      'dtoModules: expected { classTransformer?, classValidator? } holding the modules (as gen-tools writes), found ' +
        found(manifest.dtoModules),
    );
  }
  if (!Array.isArray(manifest.tools)) problems.push(`tools: expected an array, found ${found(manifest.tools)}`);
  else if (eachTool) {
    manifest.tools.forEach((entry: unknown, i) => {
      checkTool(entry, i, problems);
    });
  }
  if (problems.length) {
    const listed = problems.slice(0, MAX_LISTED).join('; ');
    const more = problems.length > MAX_LISTED ? `; and ${problems.length - MAX_LISTED} more` : '';
    throw new TypeError(`The manifest is invalid: ${listed}${more}. Run gen-tools again, or fix the file by hand`);
  }
  return json as ToolManifest;
}

function checkTool(entry: unknown, i: number, problems: string[]): void {
  if (!isObject(entry)) {
    problems.push(`tools[${i}]: expected an object, found ${found(entry)}`);
    return;
  }
  const tool = entry as Partial<Record<keyof ManifestTool, unknown>>;
  const at = `tools[${i}]${typeof tool.name === 'string' ? ` (${JSON.stringify(tool.name)})` : ''}`;
  for (const key of ['name', 'class', 'method', 'file'] as const) {
    if (typeof tool[key] !== 'string') problems.push(`${at}.${key}: expected a string, found ${found(tool[key])}`);
  }
  if (tool.description !== undefined && typeof tool.description !== 'string')
    problems.push(`${at}.description: expected a string, found ${found(tool.description)}`);
  if (tool.target !== undefined && typeof tool.target !== 'function')
    problems.push(`${at}.target: expected a function, found ${found(tool.target)}`);
  if (tool.deprecated !== undefined && tool.deprecated !== true && typeof tool.deprecated !== 'string') {
    problems.push(`${at}.deprecated: expected true or a string, found ${found(tool.deprecated)}`);
  }
  if (tool.annotations !== undefined) problems.push(...annotationProblems(tool.annotations, `${at}.annotations`));
  const parameters = tool.parameters;
  if (
    !isObject(parameters) ||
    parameters.type !== 'object' ||
    (parameters.properties !== undefined && !isObject(parameters.properties))
  ) {
    problems.push(
      `${at}.parameters: expected an object schema ({ type: "object", properties }), found ${found(parameters)}`,
    );
  }
  if (tool.returns !== undefined && !isObject(tool.returns) && typeof tool.returns !== 'boolean')
    problems.push(`${at}.returns: expected a schema, found ${found(tool.returns)}`);
  if (!Array.isArray(tool.params)) {
    problems.push(`${at}.params: expected an array, found ${found(tool.params)}`);
    return;
  }
  tool.params.forEach((param: unknown, j) => {
    const where = `${at}.params[${j}]`;
    if (!isObject(param)) {
      problems.push(`${where}: expected an object, found ${found(param)}`);
      return;
    }
    if (typeof param.name !== 'string') problems.push(`${where}.name: expected a string, found ${found(param.name)}`);
    if (param.kind !== 'value' && param.kind !== 'context')
      problems.push(`${where}.kind: expected "value" or "context", found ${found(param.kind)}`);
    if (param.optional !== undefined && typeof param.optional !== 'boolean')
      problems.push(`${where}.optional: expected a boolean, found ${found(param.optional)}`);
    if (param.revive !== undefined) checkRevival(param.revive, `${where}.revive`, problems, 0);
  });
}

function checkRevival(revival: unknown, at: string, problems: string[], depth: number): void {
  if (depth > 100) {
    problems.push(`${at}: nested too deeply`);
    return;
  }
  if (!isObject(revival)) {
    problems.push(`${at}: expected an object { kind, ... }, found ${found(revival)}`);
    return;
  }
  const inner = (value: unknown, where: string) => checkRevival(value, where, problems, depth + 1);
  const children = (value: unknown, where: string) => {
    if (!isObject(value)) problems.push(`${where}: expected an object, found ${found(value)}`);
    else for (const [key, child] of Object.entries(value)) inner(child, `${where}.${key}`);
  };
  switch (revival.kind) {
    case 'date':
    case 'url':
    case 'bigint':
      return;
    case 'set':
      if (revival.items !== undefined) inner(revival.items, `${at}.items`);
      return;
    case 'array':
      inner(revival.items, `${at}.items`);
      return;
    case 'tuple':
      if (!Array.isArray(revival.items)) problems.push(`${at}.items: expected an array, found ${found(revival.items)}`);
      else {
        revival.items.forEach((item: unknown, k) => {
          if (item !== null) inner(item, `${at}.items[${k}]`);
        });
      }
      return;
    case 'record':
      inner(revival.values, `${at}.values`);
      return;
    case 'object':
      children(revival.properties, `${at}.properties`);
      return;
    case 'class':
      if (typeof revival.name !== 'string')
        problems.push(`${at}.name: expected a string, found ${found(revival.name)}`);
      if (typeof revival.file !== 'string')
        problems.push(`${at}.file: expected a string, found ${found(revival.file)}`);
      if (revival.properties !== undefined) children(revival.properties, `${at}.properties`);
      return;
    default:
      problems.push(
        `${at}.kind: expected one of ${REVIVAL_KINDS.map((kind) => `"${kind}"`).join(', ')}, ` +
          `found ${found(revival.kind)}`,
      );
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function found(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') {
    const type = (value as { type?: unknown }).type;
    return typeof type === 'string' ? `an object with type ${JSON.stringify(type)}` : 'an object';
  }
  if (typeof value === 'function') return 'a function';
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** `{ classTransformer?, classValidator? }`, each a module (an object). */
function isDtoModules(value: unknown): boolean {
  return (
    isObject(value) &&
    Object.entries(value).every(
      ([key, module]) =>
        (key === 'classTransformer' || key === 'classValidator') && (module === undefined || isObject(module)),
    )
  );
}

/** An object of functions, or of whatever else `alsoTakes` takes. */
function isFunctionMap(value: unknown, alsoTakes: (entry: unknown) => boolean = () => false): boolean {
  return isObject(value) && Object.values(value).every((entry) => typeof entry === 'function' || alsoTakes(entry));
}
