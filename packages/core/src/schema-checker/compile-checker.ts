import { equal } from '../validator-runtime/equal.js';
import { type Check, CheckRun, type CheckError, resolvePointer, UnsupportedSchemaError } from './check-run.js';
import { hasJsonType } from '../validator-runtime/duplicate-items.js';
import { type NodeCompiler, type Schema, typedGroups, typesOf } from './typed-keywords.js';

/** Keywords that change nothing about what is valid (ajv reads none of them to validate). */
const IGNORED: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$comment',
  '$defs',
  'definitions',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
]);

/** The keywords checked before the typed groups, in ajv's order (`type` is checked apart). */
const UNTYPED = ['$ref', 'const', 'enum', 'anyOf', 'oneOf', 'allOf'] as const;

let knownSet: ReadonlySet<string> | undefined;

/** Every keyword the checker reads: made on the first compile, as the typed groups are (see typedGroups). */
function knownKeywords(): ReadonlySet<string> {
  return (knownSet ??= new Set([
    'type',
    ...UNTYPED,
    ...typedGroups().flatMap((group) => group.keywords.map(([keyword]) => keyword)),
  ]));
}

/** A validator as ajv's compiled ones behave: it returns whether the data is valid and leaves `errors` on itself. */
export interface CheckerValidator {
  (data: unknown): boolean;
  errors: CheckError[] | null;
}

/**
 * Compiles `schema` (a tool's validation schema) into a validator that reports exactly the errors that ajv
 * (validatorAjvOptions, ajv-formats) reports for it, in ajv's order, with no code made from strings: a tree of
 * closures. It takes the subset of JSON Schema that manifests hold; any other keyword (`not`, `if`,
 * `unevaluatedProperties`, ...) throws UnsupportedSchemaError, for which ajv is the fallback.
 */
export function compileChecker(
  schema: unknown,
  formats: Readonly<Record<string, unknown>> = {},
  patterns: PatternEngine = noPatterns,
): CheckerValidator {
  const compilation = new Compilation(schema, formats, patterns);
  const check = compilation.node(schema, '#');
  const validate = ((data: unknown) => {
    const run = new CheckRun();
    check(data, run);
    const valid = run.errors.length === 0;
    validate.errors = valid ? null : run.errors;
    return valid;
  }) as CheckerValidator;
  validate.errors = null;
  return validate;
}

/** Whether the checker takes a schema, and whether it names a format (so needs the formats); why not where not. */
export type CheckerSupport =
  | { readonly supported: true; readonly formats: boolean }
  | { readonly supported: false; readonly reason: string };

export function checkerSupport(schema: unknown): CheckerSupport {
  const compilation = new Compilation(schema, {}, syntaxOnly);
  try {
    compilation.node(schema, '#');
  } catch (error) {
    if (error instanceof UnsupportedSchemaError) return { supported: false, reason: error.message };
    throw error;
  }
  return { supported: true, formats: compilation.namesFormat };
}

/**
 * What tests a `pattern`: `linearRegExp` (`@toolwright/core/linear-regexp`, RE2's linear-time engine), given by
 * whoever makes the checker, so that a bundle whose schemas have no pattern carries no regular expression engine.
 */
export type PatternEngine = (source: string) => { test(text: string): boolean };

/** Where no engine was given: a pattern cannot be checked, and the checker says how to give one. */
const noPatterns: PatternEngine = () => {
  throw new Error(
    'the schema checker was made without a pattern engine: pass linearRegExp from @toolwright/core/linear-regexp',
  );
};

/** For `checkerSupport`, which only judges a schema: the pattern's syntax, as ajv would refuse it. */
const syntaxOnly: PatternEngine = (source) => new RegExp(source, 'u');

class Compilation implements NodeCompiler {
  /** Some node has a `format` keyword. */
  namesFormat = false;
  /** Referenced schemas that ajv compiles as validators of their own (they hold a `$ref`): by `$ref`. */
  readonly #functions = new Map<string, { check?: Check }>();

  constructor(
    private readonly root: unknown,
    readonly formats: Readonly<Record<string, unknown>>,
    readonly patterns: PatternEngine,
  ) {}

  node(schema: unknown, schemaPath: string): Check {
    if (schema === true) return pass;
    if (schema === false) {
      const path = `${schemaPath}/false schema`;
      return (data, run) => run.fail(path, 'false schema', {}, 'boolean schema is false', false, false, data);
    }
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new UnsupportedSchemaError(schemaPath, 'a schema is not an object or a boolean');
    }
    const node = schema as Schema;
    const known = knownKeywords();
    for (const key of Object.keys(node)) {
      if (!known.has(key) && !IGNORED.has(key)) throw new UnsupportedSchemaError(schemaPath, `keyword ${key}`);
    }
    // ajv: a `$ref` beside no other rule is checked alone.
    if (node.$ref !== undefined && !Object.keys(node).some((key) => key !== '$ref' && known.has(key))) {
      return this.#ref(node, schemaPath);
    }
    return sequence(this.#keywords(node, schemaPath));
  }

  #keywords(node: Schema, schemaPath: string): Check[] {
    const types = typesOf(node, schemaPath);
    const groups = typedGroups();
    const used = groups.map((group) => group.keywords.some(([keyword]) => node[keyword] !== undefined));
    // ajv checks the type first, unless it is one type whose group has keywords here: then the group's own test
    // does, and the type error comes where the group would have run.
    const single = types.length === 1 ? groups.findIndex((group) => group.type === types[0]) : -1;
    const typeInGroup = single >= 0 && used[single]!;
    const checks: Check[] = [];
    const typeError = types.length > 0 ? this.#typeError(node, types, schemaPath) : null;
    if (typeError && !typeInGroup) {
      checks.push((data, run) => {
        if (!types.some((type) => hasJsonType(type, data))) typeError(data, run);
      });
    }
    if (node.$ref !== undefined) checks.push(this.#ref(node, schemaPath));
    if (node.const !== undefined) checks.push(constant(node, schemaPath));
    if (node.enum !== undefined) checks.push(enumeration(node, schemaPath));
    for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (node[keyword] !== undefined) checks.push(this.#union(node, keyword, schemaPath));
    }
    groups.forEach((group, index) => {
      if (!used[index]) return;
      const inner: Check[] = [];
      for (const [keyword, compile] of group.keywords) {
        if (node[keyword] === undefined) continue;
        if (keyword === 'format') this.namesFormat = true;
        const check = compile(node, schemaPath, this);
        if (check) inner.push(check);
      }
      const otherwise = typeInGroup && index === single ? typeError : null;
      const body = sequence(inner);
      const { test } = group;
      if (otherwise) checks.push((data, run) => (test(data) ? body(data, run) : otherwise(data, run)));
      else if (inner.length > 0) checks.push((data, run) => test(data) && body(data, run));
    });
    return checks;
  }

  #typeError(node: Schema, types: readonly string[], schemaPath: string): Check {
    const type = node.type;
    const message = `must be ${types.join(',')}`;
    const path = `${schemaPath}/type`;
    return (data, run) => run.fail(path, 'type', { type }, message, type, node, data);
  }

  /**
   * `anyOf` and `oneOf` check every branch (ajv stops `oneOf` once two pass) and, when the value passes, take back
   * the errors of the branches it failed; `allOf` is each branch in turn.
   */
  #union(node: Schema, keyword: 'anyOf' | 'oneOf' | 'allOf', schemaPath: string): Check {
    const branches = node[keyword];
    if (!Array.isArray(branches) || branches.length === 0) {
      throw new UnsupportedSchemaError(schemaPath, `${keyword} is not a list of schemas`);
    }
    const path = `${schemaPath}/${keyword}`;
    const checks = branches.map((branch, i) => this.node(branch, `${path}/${i}`));
    if (keyword === 'allOf') return sequence(checks);
    if (keyword === 'anyOf') {
      return (data, run) => {
        const before = run.errors.length;
        let valid = false;
        for (const check of checks) {
          const start = run.errors.length;
          check(data, run);
          if (run.errors.length === start) valid = true;
        }
        if (valid) run.errors.length = before;
        else run.fail(path, 'anyOf', {}, 'must match a schema in anyOf', branches, node, data);
      };
    }
    return (data, run) => {
      const before = run.errors.length;
      let valid = false;
      let passing: number | [unknown, number] | null = null;
      for (let i = 0; i < checks.length; i++) {
        const start = run.errors.length;
        checks[i]!(data, run);
        if (run.errors.length !== start) continue;
        if (valid) {
          valid = false;
          passing = [passing, i];
          break;
        }
        valid = true;
        passing = i;
      }
      if (valid) run.errors.length = before;
      else
        run.fail(
          path,
          'oneOf',
          { passingSchemas: passing },
          'must match exactly one schema in oneOf',
          branches,
          node,
          data,
        );
    };
  }

  /**
   * A `$ref` into this schema (`#/$defs/Name`). As ajv: a target that holds no `$ref` is checked in place, its errors'
   * schema paths starting at the `$ref`; one that does (a recursive type) is a validator of its own, whose errors'
   * schema paths start at `#`.
   */
  #ref(node: Schema, schemaPath: string): Check {
    const ref = node.$ref;
    if (typeof ref !== 'string') throw new UnsupportedSchemaError(schemaPath, '$ref is not a string');
    const target = resolvePointer(this.root, ref, schemaPath);
    if (!holdsRef(target)) return this.node(target, ref);
    let compiled = this.#functions.get(ref);
    if (!compiled) {
      compiled = {};
      this.#functions.set(ref, compiled);
      compiled.check = this.node(target, '#');
    }
    const holder = compiled;
    return (data, run) => holder.check!(data, run);
  }
}

function pass(): void {}

function sequence(checks: readonly Check[]): Check {
  if (checks.length === 0) return pass;
  if (checks.length === 1) return checks[0]!;
  return (data, run) => {
    for (const check of checks) check(data, run);
  };
}

function constant(node: Schema, schemaPath: string): Check {
  const value = node.const;
  const path = `${schemaPath}/const`;
  return (data, run) => {
    if (!equal(data, value))
      run.fail(path, 'const', { allowedValue: value }, 'must be equal to constant', value, node, data);
  };
}

function enumeration(node: Schema, schemaPath: string): Check {
  const values = node.enum;
  if (!Array.isArray(values)) throw new UnsupportedSchemaError(schemaPath, 'enum is not a list');
  const path = `${schemaPath}/enum`;
  const message = 'must be equal to one of the allowed values';
  return (data, run) => {
    if (!values.some((value) => equal(data, value))) {
      run.fail(path, 'enum', { allowedValues: values }, message, values, node, data);
    }
  };
}

const REF_KEYWORDS = new Set(['$ref', '$recursiveRef', '$recursiveAnchor', '$dynamicRef', '$dynamicAnchor']);

/** ajv's test of whether a referenced schema is compiled apart (not inlined): it holds a ref keyword anywhere. */
function holdsRef(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  for (const key in schema) {
    if (REF_KEYWORDS.has(key)) return true;
    const value = (schema as Record<string, unknown>)[key];
    if (Array.isArray(value) ? value.some(holdsRef) : holdsRef(value)) return true;
  }
  return false;
}
