import { linearPatternProblem } from '../linear-regexp.js';
import { formatTest } from '../validator-runtime/format-test.js';
import { resolvePointer, UnsupportedSchemaError } from './check-run.js';
import { countOf, LIMITS, numberOf, type Schema, typedGroups, type TypedGroup, typesOf } from './typed-keywords.js';

/** The run-time helpers (`@toolwright/core/validator-runtime`) that accept functions may call. */
export type AcceptHelper =
  | 'duplicateItems'
  | 'equal'
  | 'fullFormats'
  | 'lazyFormatTest'
  | 'linearRegExp'
  | 'ucs2length';

export interface AcceptSource {
  /** Declarations: `function <name>(d)` per schema, returning whether ajv finds the value valid; consts they share. */
  code: string;
  /**
   * The same split for a module that writes each test where it is used: `shared` declares the consts and the
   * functions the tests call (a `$ref`'s target, ...); `tests[i]` is the test of `schemas[i]`, a function expression
   * that calls them. An unnamed function costs a bundler that keeps names (wrangler does) no call at load.
   */
  shared: string;
  tests: string[];
  uses: Set<AcceptHelper>;
}

/**
 * JavaScript source of a boolean check per schema (gen-tools --validators writes it): true exactly where ajv finds
 * the value valid, with no error bookkeeping, so a valid call costs what ajv's own code costs. Where it says false,
 * the schema checker runs and reports ajv's errors. `names[i]` names the function for `schemas[i]`. Takes the
 * schemas the checker takes (`checkerSupport`); throws UnsupportedSchemaError for others.
 */
export function acceptSource(
  schemas: readonly unknown[],
  names: readonly string[],
  formats: Readonly<Record<string, unknown>>,
): AcceptSource {
  const writer = new AcceptWriter(formats);
  schemas.forEach((schema, i) => {
    writer.tool(schema, names[i]!);
  });
  const consts = [...writer.consts.values()];
  const declared = writer.functions.map((f) => ({ ...f, text: indented(`function ${f.name}(d) {\n${f.body}}`) }));
  return {
    code: [...consts, ...declared.map(({ text }) => text)].join('\n'),
    shared: [...consts, ...declared.filter(({ root }) => !root).map(({ text }) => text)].join('\n'),
    tests: writer.functions.filter(({ root }) => root).map(({ body }) => indented(`function (d) {\n${body}}`)),
    uses: writer.uses,
  };
}

const JS_NAME = /^[A-Za-z_$][\w$]*$/;

/** `value.name`, or `value["name"]` where the name is not an identifier. */
function member(value: string, name: string): string {
  return JS_NAME.test(name) && name !== '__proto__' ? `${value}.${name}` : `${value}[${JSON.stringify(name)}]`;
}

function isPrimitive(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

type Group = TypedGroup['type'];
const keywordsOf = (group: Group) =>
  typedGroups()
    .find(({ type }) => type === group)!
    .keywords.map(([name]) => name);
/** Keywords that need statements, not one expression. */
const COMPOSITE = ['$ref', 'anyOf', 'oneOf', 'allOf', ...keywordsOf('array'), ...keywordsOf('object')];

class AcceptWriter {
  /** Module-level constants by the expression that makes them: one per distinct pattern, format or value. */
  readonly consts = new Map<string, string>();
  /** Every function, in the order written: each schema's test (`root`) and the functions they call. */
  readonly functions: { name: string; body: string; root: boolean }[] = [];
  readonly uses = new Set<AcceptHelper>();
  #count = 0;
  #root: unknown;
  #name = '';
  /** Per `$ref` of the current tool: the function checking its target. */
  #refs = new Map<string, string>();

  constructor(private readonly formats: Readonly<Record<string, unknown>>) {}

  tool(schema: unknown, name: string): void {
    this.#root = schema;
    this.#name = name;
    this.#refs = new Map();
    this.#function(name, schema, '#', true);
  }

  #id(prefix: string): string {
    return `${prefix}${this.#count++}`;
  }

  #const(prefix: string, expression: string): string {
    let declaration = this.consts.get(expression);
    if (declaration === undefined) {
      declaration = `const accept_${prefix}${this.consts.size} = ${expression};`;
      this.consts.set(expression, declaration);
    }
    return declaration.slice('const '.length, declaration.indexOf(' ='));
  }

  #function(name: string, schema: unknown, path: string, root = false): void {
    this.functions.push({ name, body: `${this.#statements(schema, 'd', path)}return true;\n`, root });
  }

  /** A function of its own for `schema` (a `$ref`'s target, a union's member that needs statements): its name. */
  #branch(schema: unknown, path: string): string {
    const name = this.#id(`${this.#name}_`);
    this.#function(name, schema, path);
    return name;
  }

  /** Whether `schema` can be one expression: it has no `$ref`, union, array or object keyword. */
  #isLeaf(schema: unknown): boolean {
    if (typeof schema === 'boolean') return true;
    return typeof schema === 'object' && schema !== null && !COMPOSITE.some((key) => key in schema);
  }

  /** A boolean expression: whether `value` (a name) is accepted by a leaf schema. */
  #leaf(schema: unknown, value: string, path: string): string {
    if (typeof schema === 'boolean') return String(schema);
    const node = schema as Schema;
    const parts: string[] = [];
    const types = typesOf(node, path);
    if (types.length > 0) parts.push(`(${types.map((type) => typeTest(type, value)).join(' || ')})`);
    parts.push(...this.#values(node, value, path));
    for (const group of ['number', 'string'] as const) {
      const conditions =
        group === 'number' ? this.#numberConditions(node, value, path) : this.#stringConditions(node, value, path);
      const applies = groupApplies(group, types);
      if (conditions.length === 0 || applies === 'never') continue;
      if (applies === 'always') parts.push(...conditions);
      else parts.push(`(!(${typeTest(group, value)}) || (${conditions.join(' && ')}))`);
    }
    return parts.join(' && ') || 'true';
  }

  /** `const` and `enum`, as conditions on `value`. */
  #values(node: Schema, value: string, path: string): string[] {
    const parts: string[] = [];
    if (node.const !== undefined) parts.push(this.#equals(value, node.const));
    if (node.enum !== undefined) {
      if (!Array.isArray(node.enum)) throw new UnsupportedSchemaError(path, 'enum is not a list');
      parts.push(`(${node.enum.map((allowed) => this.#equals(value, allowed)).join(' || ') || 'false'})`);
    }
    return parts;
  }

  /** Whether `value` is accepted by a union's member: an expression for a leaf, else a call. */
  #member(schema: unknown, value: string, path: string): string {
    return this.#isLeaf(schema) ? `(${this.#leaf(schema, value, path)})` : `${this.#branch(schema, path)}(${value})`;
  }

  /** Statements that `return false` where `value` (a name) is not accepted by `schema`. */
  #statements(schema: unknown, value: string, path: string): string {
    if (schema === true) return '';
    if (schema === false) return 'return false;\n';
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new UnsupportedSchemaError(path, 'a schema is not an object or a boolean');
    }
    if (this.#isLeaf(schema)) {
      const test = this.#leaf(schema, value, path);
      return test === 'true' ? '' : `if (!(${test})) return false;\n`;
    }
    const node = schema as Schema;
    let out = '';
    const types = typesOf(node, path);
    if (types.length > 0) out += `if (!(${types.map((type) => typeTest(type, value)).join(' || ')})) return false;\n`;
    if (node.$ref !== undefined) out += `if (!${this.#ref(node.$ref, path)}(${value})) return false;\n`;
    for (const condition of this.#values(node, value, path)) out += `if (!(${condition})) return false;\n`;
    const members = (keyword: string) => {
      const list = node[keyword];
      if (!Array.isArray(list) || list.length === 0) throw new UnsupportedSchemaError(path, `${keyword} is not a list`);
      return list.map((member, i) => this.#member(member, value, `${path}/${keyword}/${i}`));
    };
    if (node.anyOf !== undefined) out += `if (!(${members('anyOf').join(' || ')})) return false;\n`;
    if (node.oneOf !== undefined) {
      const counts = members('oneOf').map((test) => `(${test} ? 1 : 0)`);
      out += `if (${counts.join(' + ')} !== 1) return false;\n`;
    }
    if (node.allOf !== undefined) for (const test of members('allOf')) out += `if (!${test}) return false;\n`;
    const groups = {
      number: this.#numberConditions(node, value, path).map((condition) => `if (!(${condition})) return false;\n`),
      string: this.#stringConditions(node, value, path).map((condition) => `if (!(${condition})) return false;\n`),
      array: [this.#arrayStatements(node, value, path)],
      object: [this.#objectStatements(node, value, path)],
    };
    for (const group of ['number', 'string', 'array', 'object'] as const) {
      const body = groups[group].join('');
      const applies = groupApplies(group, types);
      if (!body || applies === 'never') continue;
      out += applies === 'always' ? body : `if (${typeTest(group, value)}) {\n${body}}\n`;
    }
    return out;
  }

  #equals(value: string, allowed: unknown): string {
    if (isPrimitive(allowed)) return `${value} === ${JSON.stringify(allowed)}`;
    this.uses.add('equal');
    return `equal(${value}, ${this.#const('c', JSON.stringify(allowed))})`;
  }

  #ref(ref: unknown, path: string): string {
    if (typeof ref !== 'string' || !ref.startsWith('#/')) {
      throw new UnsupportedSchemaError(path, '$ref is not a pointer into this schema');
    }
    let name = this.#refs.get(ref);
    if (name === undefined) {
      name = this.#id(`${this.#name}_`);
      this.#refs.set(ref, name);
      this.#function(name, resolvePointer(this.#root, ref, path), ref);
    }
    return name;
  }

  /** The format's test where it applies to values of `type` (ajv checks an unknown format nowhere). */
  #format(node: Schema, value: string, type: 'number' | 'string', path: string): string[] {
    if (node.format === undefined) return [];
    if (typeof node.format !== 'string') throw new UnsupportedSchemaError(path, 'format is not a string');
    let test: unknown;
    try {
      test = formatTest(this.formats, node.format, type);
    } catch (error) {
      throw new UnsupportedSchemaError(path, (error as Error).message);
    }
    if (test === null) return [];
    this.uses.add('lazyFormatTest');
    this.uses.add('fullFormats');
    // The formats at run time are core's own: should one be missing there, ajv would not check it either.
    const made = `lazyFormatTest(fullFormats, ${JSON.stringify(node.format)}, "${type}")`;
    return [`${this.#const('f', made)}(${value})`];
  }

  #numberConditions(node: Schema, value: string, path: string): string[] {
    const parts: string[] = [];
    // `value <= limit` fails NaN too, as ajv's `!(value > limit || isNaN(value))`.
    for (const [keyword, { ok }] of Object.entries(LIMITS)) {
      if (node[keyword] !== undefined) parts.push(`${value} ${ok} ${numberOf(node, keyword, path)}`);
    }
    if (node.multipleOf !== undefined) {
      const divisor = numberOf(node, 'multipleOf', path);
      parts.push(
        divisor === 0 ? 'false' : `!(Math.abs(Math.round(${value} / ${divisor}) - ${value} / ${divisor}) > 1e-6)`,
      );
    }
    return [...parts, ...this.#format(node, value, 'number', path)];
  }

  #stringConditions(node: Schema, value: string, path: string): string[] {
    const parts: string[] = [];
    if (node.maxLength !== undefined || node.minLength !== undefined) this.uses.add('ucs2length');
    if (node.maxLength !== undefined) parts.push(`ucs2length(${value}) <= ${countOf(node, 'maxLength', path)}`);
    if (node.minLength !== undefined) parts.push(`ucs2length(${value}) >= ${countOf(node, 'minLength', path)}`);
    if (node.pattern !== undefined) parts.push(`${this.#pattern(node.pattern, path)}.test(${value})`);
    return [...parts, ...this.#format(node, value, 'string', path)];
  }

  #pattern(source: unknown, path: string): string {
    if (typeof source !== 'string') throw new UnsupportedSchemaError(path, 'a pattern is not a string');
    // RE2's linear-time engine: a model's text cannot make a pattern stall the process (see linear-regexp.ts).
    try {
      new RegExp(source, 'u');
    } catch (error) {
      throw new UnsupportedSchemaError(path, (error as Error).message);
    }
    const problem = linearPatternProblem(source);
    if (problem) throw new UnsupportedSchemaError(path, problem);
    this.uses.add('linearRegExp');
    return this.#const('p', `linearRegExp(${JSON.stringify(source)})`);
  }

  /** Statements checking `item` (a name, declared here from `read`) unless it is undefined; '' if nothing to check. */
  #child(schema: unknown, read: string, path: string, optional: boolean): string {
    const item = this.#id('x');
    const skip = optional ? `${item} !== undefined && ` : '';
    if (this.#isLeaf(schema)) {
      const test = this.#leaf(schema, item, path);
      return test === 'true' ? '' : `const ${item} = ${read};\nif (${skip}!(${test})) return false;\n`;
    }
    const inner = this.#statements(schema, item, path);
    if (!inner) return '';
    return `const ${item} = ${read};\n${optional ? `if (${item} !== undefined) {\n${inner}}\n` : inner}`;
  }

  #arrayStatements(node: Schema, value: string, path: string): string {
    let out = '';
    if (node.maxItems !== undefined) out += `if (${value}.length > ${countOf(node, 'maxItems', path)}) return false;\n`;
    if (node.minItems !== undefined) out += `if (${value}.length < ${countOf(node, 'minItems', path)}) return false;\n`;
    const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : [];
    prefix.forEach((item, i) => {
      const inner = this.#child(item, `${value}[${i}]`, `${path}/prefixItems/${i}`, false);
      if (inner) out += `if (${value}.length > ${i}) {\n${inner}}\n`;
    });
    if (node.items === false && prefix.length > 0) out += `if (${value}.length > ${prefix.length}) return false;\n`;
    else if (node.items !== undefined) {
      const index = this.#id('i');
      const inner = this.#child(node.items, `${value}[${index}]`, `${path}/items`, false);
      if (inner) out += `for (let ${index} = ${prefix.length}; ${index} < ${value}.length; ${index}++) {\n${inner}}\n`;
    }
    if (node.uniqueItems === true) {
      this.uses.add('duplicateItems');
      const items = node.items;
      const types = items && typeof items === 'object' ? typesOf(items as Schema, `${path}/items`) : null;
      const typeList = types ? this.#const('t', JSON.stringify(types)) : 'null';
      out += `if (duplicateItems(${value}, ${typeList}) !== null) return false;\n`;
    }
    return out;
  }

  #objectStatements(node: Schema, value: string, path: string): string {
    let out = '';
    if (node.maxProperties !== undefined || node.minProperties !== undefined) {
      const size = this.#id('n');
      out += `const ${size} = Object.keys(${value}).length;\n`;
      if (node.maxProperties !== undefined)
        out += `if (${size} > ${countOf(node, 'maxProperties', path)}) return false;\n`;
      if (node.minProperties !== undefined)
        out += `if (${size} < ${countOf(node, 'minProperties', path)}) return false;\n`;
    }
    if (Array.isArray(node.required)) {
      for (const name of node.required) out += `if (${member(value, String(name))} === undefined) return false;\n`;
    }
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    const declared = Object.keys(properties).filter((name) => name !== '__proto__');
    const patternSchemas = (node.patternProperties ?? {}) as Record<string, unknown>;
    const sources = Object.keys(patternSchemas).filter((source) => source !== '__proto__');
    const patterns = sources.map((source) => this.#pattern(source, path));
    const additional = node.additionalProperties;
    if (additional !== undefined && additional !== true && !isEmptyObject(additional)) {
      const key = this.#id('k');
      const known =
        declared.length > 8
          ? [`${this.#const('s', `new Set(${JSON.stringify(declared)})`)}.has(${key})`]
          : declared.map((name) => `${key} === ${JSON.stringify(name)}`);
      const isDeclared = [...known, ...patterns.map((pattern) => `${pattern}.test(${key})`)].join(' || ') || 'false';
      const inner =
        additional === false
          ? 'return false;\n'
          : this.#child(additional, `${value}[${key}]`, `${path}/additionalProperties`, false);
      if (inner) out += `for (const ${key} in ${value}) {\nif (!(${isDeclared})) {\n${inner}}\n}\n`;
    }
    for (const name of declared) out += this.#child(properties[name], member(value, name), `${path}/properties`, true);
    sources.forEach((source, i) => {
      const key = this.#id('k');
      const inner = this.#child(patternSchemas[source], `${value}[${key}]`, `${path}/patternProperties`, false);
      if (inner) out += `for (const ${key} in ${value}) {\nif (${patterns[i]}.test(${key})) {\n${inner}}\n}\n`;
    });
    return out;
  }
}

/**
 * Whether a type group's keywords apply to a value of a node with `types`: always (the node's own type check has
 * already made sure of it), never (the type check fails any value of that group), or where the value has it.
 */
function groupApplies(group: Group, types: readonly string[]): 'always' | 'never' | 'where' {
  if (types.length === 0) return 'where';
  const members = group === 'number' ? ['number', 'integer'] : [group];
  const inGroup = types.filter((type) => members.includes(type)).length;
  return inGroup === 0 ? 'never' : inGroup === types.length ? 'always' : 'where';
}

function typeTest(type: string, value: string): string {
  switch (type) {
    case 'integer':
      return `(typeof ${value} == "number" && !(${value} % 1) && !isNaN(${value}))`;
    case 'object':
      return `(${value} && typeof ${value} == "object" && !Array.isArray(${value}))`;
    case 'array':
      return `Array.isArray(${value})`;
    case 'null':
      return `${value} === null`;
    default:
      return `typeof ${value} == "${type}"`;
  }
}

/**
 * Two spaces per open block, for whoever reads the generated module. Every line the writer makes ends with `{` where
 * it opens a block and starts with `}` where it closes one (statements end with `;`), so lines alone tell the depth.
 */
function indented(code: string): string {
  let depth = 0;
  const lines = code.split('\n').map((line) => {
    if (line.startsWith('}')) depth--;
    const out = line && '  '.repeat(depth) + line;
    if (line.endsWith('{')) depth++;
    return out;
  });
  return lines.join('\n');
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}
