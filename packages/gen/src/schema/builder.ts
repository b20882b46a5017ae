import path from 'node:path';
import type { JsonSchema, Revival } from '@toolwright/core';
import { ts, type Node, type Type } from '../program/ts-morph.js';
import { readValidation } from './class-validator.js';
import { constantValue, UNKNOWN } from './constant.js';
import type { SchemaBuilder, SchemaBuilderOptions, TypeSchema } from './contract.js';
import { isBuiltin, TYPED_ARRAY, UNSUPPORTED } from './builtins.js';
import { applyTags, docTagsOfSymbol, docTextOfSymbol } from './doc-tags.js';
import { reportProblems, toCompilerNode, type Problem } from './problems.js';
import { unionRevival, type RevivalPart } from './revival.js';
import { bigIntText, stringMappingPattern, templateLiteralPattern } from './template-literal.js';
import { typeName } from './type-names.js';
import { aliasTags, aliasTypeNode, declaredTypeNode, elementTypeNode, unionNode } from './type-nodes.js';
import { setOwn } from './own-property.js';
import { isJsonExact } from '../describe/default-value.js';

/** A mapped type: its schema, its revival, and its problems (paths relative to the type). */
interface Mapped {
  schema: JsonSchema;
  revive?: Revival;
  problems: Problem[];
  /** True when the schema points into this builder's `$defs`, so it cannot be shared with other builders. */
  local: boolean;
}

/** Mapped types shared by every builder of a program: a type's schema depends only on the type. */
const cache = new WeakMap<ts.Type, { projectDir: string; mapped: Mapped }>();

const MAX_DEPTH = 40;

const PRIMITIVE =
  ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BigIntLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.ESSymbolLike;

export function createSchemaBuilder(options: SchemaBuilderOptions): SchemaBuilder {
  return new Builder(options);
}

/** One builder serves one tool: its `$defs` hold the recursive types of that tool's parameters. */
class Builder implements SchemaBuilder {
  private readonly projectDir: string;
  private checker!: ts.TypeChecker;
  /** Recursive types: their `$defs` name, given when the first cycle is met. */
  private readonly names = new Map<ts.Type, string>();
  private readonly takenNames = new Set<string>();
  private readonly defs: Record<string, JsonSchema> = {};
  /** Revivals of finished recursive types (first level only: a revival cannot refer to itself). */
  private readonly defRevivals = new Map<ts.Type, Revival | undefined>();
  /** Types being mapped, outermost first; a type met again here is recursive. */
  private readonly inProgress = new Map<ts.Type, { referenced: boolean }>();

  constructor(private readonly options: SchemaBuilderOptions) {
    this.projectDir = resolveDir(options.projectDir);
  }

  typeSchema(type: Type | ts.Type, node: Node | ts.Node): TypeSchema {
    this.checker ??= this.options.checker ?? (node as Node).getProject().getTypeChecker().compilerObject;
    const compilerType = 'compilerType' in type ? type.compilerType : type;
    const mapped = this.map(compilerType, declaredTypeNode(toCompilerNode(node)));
    reportProblems(mapped.problems, node, this.options.report, this.options.isProjectFile);
    const result: TypeSchema = { schema: { ...mapped.schema } };
    if (mapped.revive) result.revive = mapped.revive;
    return result;
  }

  definitions(): Record<string, JsonSchema> | undefined {
    return Object.keys(this.defs).length > 0 ? { ...this.defs } : undefined;
  }

  /**
   * `written`: the type as written where it was met, if known. Unions keep the written order of their members, and
   * a reference to a type alias with JSDoc tags (`/** @minimum 0 *\/ type Percent = number`) gets those tags: the
   * checker forgets aliases of primitives, so they are read from the syntax.
   */
  private map(type: ts.Type, written?: ts.TypeNode): Mapped {
    const mapped = this.mapOnce(type, written);
    const tags = written ? aliasTags(written, this.checker) : undefined;
    if (!tags) return mapped;
    const problems = [...mapped.problems];
    const schema = applyTags(mapped.schema, tags.tags, (message) => {
      problems.push({ severity: 'warning', path: [], message: `has the type ${tags.name}, which ${message}`, at: tags.at });
    });
    return { ...mapped, schema, problems };
  }

  private mapOnce(type: ts.Type, written?: ts.TypeNode): Mapped {
    const cached = cache.get(type);
    if (cached && cached.projectDir === this.projectDir) return cached.mapped;
    const name = this.names.get(type);
    const progress = this.inProgress.get(type);
    if (progress) {
      progress.referenced = true;
      return { schema: { $ref: `#/$defs/${this.nameOf(type)}` }, problems: [], local: true };
    }
    if (name !== undefined) {
      const revive = this.defRevivals.get(type);
      return { schema: { $ref: `#/$defs/${name}` }, ...(revive ? { revive } : {}), problems: [], local: true };
    }
    if (!this.canRecur(type)) return this.store(type, this.mapType(type, written));
    if (this.inProgress.size >= MAX_DEPTH) {
      const text = this.checker.typeToString(type);
      return failure('error', `is nested more than ${MAX_DEPTH} levels deep (${text}), which looks like a type that grows without end`);
    }
    this.inProgress.set(type, { referenced: false });
    let mapped: Mapped;
    try {
      mapped = this.mapType(type, written);
    } finally {
      this.inProgress.delete(type);
    }
    if (this.names.has(type)) {
      // Recursive: the schema goes to $defs and every use (this one included) is a $ref.
      const defName = this.names.get(type)!;
      this.defs[defName] = mapped.schema;
      this.defRevivals.set(type, mapped.revive);
      const problems = [...mapped.problems];
      if (mapped.revive) {
        problems.push({
          severity: 'warning',
          path: [],
          message: `holds values to revive (Date, URL, bigint, Set or classes) inside the recursive type ${defName}: only the first level is revived`,
        });
      }
      return { schema: { $ref: `#/$defs/${defName}` }, ...(mapped.revive ? { revive: mapped.revive } : {}), problems, local: true };
    }
    return this.store(type, mapped);
  }

  /**
   * Whether a type can head a cycle and so become a `$defs` entry: aliased types and object types other than
   * arrays, tuples and built-ins. Unaliased unions, intersections and arrays cannot recur by themselves (a cycle
   * through them passes a named type too), so `Tree[]` stays an array of `{ $ref: Tree }`.
   */
  private canRecur(type: ts.Type): boolean {
    if (type.aliasSymbol) return true;
    if (!(type.flags & ts.TypeFlags.Object)) return false;
    if (this.checker.isArrayType(type) || this.checker.isTupleType(type)) return false;
    const symbol = type.getSymbol();
    return !(symbol && isBuiltin(symbol));
  }

  private store(type: ts.Type, mapped: Mapped): Mapped {
    if (!mapped.local) cache.set(type, { projectDir: this.projectDir, mapped });
    return mapped;
  }

  private nameOf(type: ts.Type): string {
    const known = this.names.get(type);
    if (known !== undefined) return known;
    const base = typeName(type, this.checker);
    let name = base;
    for (let n = 2; this.takenNames.has(name); n++) name = `${base}_${n}`;
    this.takenNames.add(name);
    this.names.set(type, name);
    return name;
  }

  /**
   * The compiler's own error for a type it could not compute, where the type is written or where what it names is
   * declared (TS2590 "union type too complex" is reported at the alias, not at the parameter), with its place.
   */
  private typeError(written: ts.TypeNode): string | undefined {
    const nodes: ts.Node[] = [written];
    const name = ts.isTypeReferenceNode(written) ? written.typeName : undefined;
    let symbol = name ? this.checker.getSymbolAtLocation(name) : undefined;
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    // A name that does not resolve is a missing import or a typo: the caller says so.
    if (name && !symbol?.declarations?.length) return undefined;
    nodes.push(...(symbol?.declarations ?? []));
    // The checker's per-file diagnostics (not part of its public type): computed only here, on the error path.
    const diagnosticsOf = (this.checker as { getDiagnostics?: (file: ts.SourceFile) => readonly ts.Diagnostic[] }).getDiagnostics;
    if (typeof diagnosticsOf !== 'function') return undefined;
    for (const node of nodes) {
      const file = node.getSourceFile();
      const found = diagnosticsOf
        .call(this.checker, file)
        .find((diagnostic) => diagnostic.start !== undefined && diagnostic.start >= node.getStart(file) && diagnostic.start < node.getEnd());
      if (!found) continue;
      const { line, character } = file.getLineAndCharacterOfPosition(found.start!);
      const where = `${path.relative(this.projectDir, file.fileName).split(path.sep).join('/')}:${line + 1}:${character + 1}`;
      return `${ts.flattenDiagnosticMessageText(found.messageText, ' ')} (TS${found.code} at ${where})`;
    }
    // The checker reports such an error once, when the type is first computed, and it may already be gone: a name
    // that resolves is no missing import, so say where it is declared and what most often causes it.
    const declaration = symbol?.declarations?.[0] ?? (name ? undefined : written);
    if (!declaration) return undefined;
    const file = declaration.getSourceFile();
    const { line, character } = file.getLineAndCharacterOfPosition(declaration.getStart(file));
    const where = `${path.relative(this.projectDir, file.fileName).split(path.sep).join('/')}:${line + 1}:${character + 1}`;
    const what = declaration === written ? 'it' : `its declaration at ${where}`;
    return `${what} does not compile, most often as a union too complex to represent (TS2590); run tsc --noEmit for the compiler's error`;
  }

  private text(type: ts.Type): string {
    return this.checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
  }

  private mapType(type: ts.Type, written: ts.TypeNode | undefined): Mapped {
    const flags = type.flags;
    if (flags & ts.TypeFlags.Any && (type as { intrinsicName?: string }).intrinsicName === 'error') {
      // TypeScript could not resolve the type (a missing import, a typo) or could not compute it (a union too complex
      // to represent, a circular alias): it would pass as `any` without this.
      const name = written ? ` ${written.getText()}` : '';
      const reason = written ? this.typeError(written) : undefined;
      if (reason) return { ...failure('error', `has the type${name}, which TypeScript cannot compute: ${reason}`), local: true };
      return { ...failure('error', `has the type${name}, which TypeScript cannot resolve: check its import`), local: true };
    }
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return plain({});
    if (flags & ts.TypeFlags.String) return plain({ type: 'string' });
    if (flags & ts.TypeFlags.Number) return plain({ type: 'number' });
    if (flags & ts.TypeFlags.Boolean) return plain({ type: 'boolean' });
    if (flags & ts.TypeFlags.BigInt) return { schema: { type: 'integer' }, revive: { kind: 'bigint' }, problems: [], local: false };
    if (flags & ts.TypeFlags.StringLiteral) return plain({ type: 'string', enum: [(type as ts.StringLiteralType).value] });
    if (flags & ts.TypeFlags.NumberLiteral) return plain(numberEnum([(type as ts.NumberLiteralType).value]));
    if (flags & ts.TypeFlags.BooleanLiteral) return plain({ type: 'boolean', enum: [isTrue(type)] });
    if (flags & ts.TypeFlags.BigIntLiteral) {
      const value = Number(bigIntText((type as ts.BigIntLiteralType).value));
      return { schema: { type: 'integer', enum: [value] }, revive: { kind: 'bigint' }, problems: [], local: false };
    }
    if (flags & ts.TypeFlags.Null) return plain({ type: 'null' });
    if (flags & ts.TypeFlags.Void) return failure('error', 'has type void, which JSON cannot carry');
    if (flags & ts.TypeFlags.Undefined) return failure('error', 'has type undefined, which JSON cannot carry');
    if (flags & ts.TypeFlags.Never) return failure('error', 'has type never, so no value can be passed');
    if (flags & ts.TypeFlags.ESSymbolLike) return failure('error', `has a symbol type (${this.text(type)}), which JSON cannot carry`);
    if (flags & ts.TypeFlags.TemplateLiteral) {
      return plain({ type: 'string', pattern: templateLiteralPattern([type as ts.TemplateLiteralType]) });
    }
    if (flags & ts.TypeFlags.StringMapping) {
      const pattern = stringMappingPattern(type as ts.StringMappingType);
      if (pattern) return plain({ type: 'string', pattern });
      return { ...plain({ type: 'string' }), problems: [{ severity: 'warning', path: [], message: `has the type ${this.text(type)}, whose letter case is not checked: any string passes` }] };
    }
    if (flags & ts.TypeFlags.TypeParameter) {
      return failure('error', `has the unresolved type parameter ${this.text(type)}: a tool needs concrete types`);
    }
    if (flags & ts.TypeFlags.NonPrimitive) return plain({ type: 'object' });
    if (flags & ts.TypeFlags.Union) return this.mapUnion(type as ts.UnionType, written);
    if (flags & ts.TypeFlags.Intersection) return this.mapIntersection(type as ts.IntersectionType);
    if (flags & ts.TypeFlags.Object) return this.mapObject(type as ts.ObjectType, written);
    return failure('error', `has the type ${this.text(type)}, which cannot be resolved to a JSON type`);
  }

  private mapUnion(type: ts.UnionType, written: ts.TypeNode | undefined): Mapped {
    let hasNull = false;
    const strings: string[] = [];
    const numbers: number[] = [];
    const booleans = new Set<boolean>();
    const templates: ts.TemplateLiteralType[] = [];
    const members: (ts.Type | 'strings' | 'numbers' | 'booleans' | 'templates')[] = [];
    for (const member of this.writtenOrder(type, written)) {
      const flags = member.flags;
      if (flags & ts.TypeFlags.Null) hasNull = true;
      else if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) continue;
      else if (flags & ts.TypeFlags.StringLiteral) {
        if (strings.length === 0) members.push('strings');
        strings.push((member as ts.StringLiteralType).value);
      } else if (flags & ts.TypeFlags.NumberLiteral) {
        if (numbers.length === 0) members.push('numbers');
        numbers.push((member as ts.NumberLiteralType).value);
      } else if (flags & ts.TypeFlags.TemplateLiteral) {
        if (templates.length === 0) members.push('templates');
        templates.push(member as ts.TemplateLiteralType);
      } else if (flags & ts.TypeFlags.BooleanLiteral) {
        if (booleans.size === 0) members.push('booleans');
        booleans.add(isTrue(member));
      } else members.push(member);
    }
    const problems: Problem[] = [];
    let local = false;
    const parts: RevivalPart[] = members.map((member) => {
      if (member === 'strings') return { schema: { type: 'string', enum: strings } };
      if (member === 'numbers') return { schema: numberEnum(numbers) };
      if (member === 'templates') return { schema: { type: 'string', pattern: templateLiteralPattern(templates) } };
      if (member === 'booleans') return { schema: booleans.size === 2 ? { type: 'boolean' } : { type: 'boolean', enum: [...booleans] } };
      const mapped = this.map(member);
      problems.push(...mapped.problems);
      local ||= mapped.local;
      return mapped.revive ? { schema: mapped.schema, revive: mapped.revive } : { schema: mapped.schema };
    });
    if (parts.length === 0) {
      if (hasNull) return plain({ type: 'null' });
      return failure('error', 'has type undefined, which JSON cannot carry');
    }
    let schema: JsonSchema = parts.length === 1 ? parts[0]!.schema : { anyOf: parts.map((part) => part.schema) };
    if (hasNull) {
      schema = isBareAnyOf(schema) ? { anyOf: [...schema.anyOf!, { type: 'null' }] } : { anyOf: [schema, { type: 'null' }] };
    }
    const revive = unionRevival(parts);
    if (typeof revive === 'string') {
      problems.push({ severity: 'warning', path: [], message: `has the union ${this.text(type)}, whose values are not revived: ${revive}` });
      return { schema, problems, local };
    }
    return { schema, ...(revive ? { revive } : {}), problems, local };
  }

  private mapIntersection(type: ts.IntersectionType): Mapped {
    const primitive = type.types.find((member) => member.flags & PRIMITIVE);
    if (!primitive) return this.mapObject(type);
    // A branded primitive (`string & { __brand: 'Email' }`) is its primitive; core's Integer is a branded number.
    const mapped = this.map(primitive);
    const integer =
      primitive.flags & ts.TypeFlags.NumberLike &&
      type.types.some((member) => member !== primitive && this.checker.getPropertyOfType(member, '__toolwrightInteger'));
    if (integer && mapped.schema.type === 'number') return { ...mapped, schema: { ...mapped.schema, type: 'integer' } };
    return mapped;
  }

  private mapObject(type: ts.Type, written?: ts.TypeNode): Mapped {
    const checker = this.checker;
    const symbol = type.getSymbol();
    const builtin = symbol && isBuiltin(symbol) ? symbol.name : undefined;
    if (builtin === 'Date') return { schema: { type: 'string', format: 'date-time' }, revive: { kind: 'date' }, problems: [], local: false };
    if (builtin === 'URL') return { schema: { type: 'string', format: 'uri' }, revive: { kind: 'url' }, problems: [], local: false };
    if (builtin === 'Set' || builtin === 'ReadonlySet') {
      const [element] = checker.getTypeArguments(type as ts.TypeReference);
      const items = element ? this.child(this.map(element), '[]') : { ...plain({}), problems: [] };
      return {
        schema: { type: 'array', items: items.schema, uniqueItems: true },
        revive: items.revive ? { kind: 'set', items: items.revive } : { kind: 'set' },
        problems: items.problems,
        local: items.local,
      };
    }
    if (builtin !== undefined && (builtin in UNSUPPORTED || TYPED_ARRAY.test(builtin))) {
      const hint = UNSUPPORTED[builtin] ?? 'use a base64 string or number[]';
      return failure('error', `has type ${this.text(type)}, which JSON cannot carry${hint ? `: ${hint}` : ''}`);
    }
    if (checker.isTupleType(type)) return this.mapTuple(type as ts.TupleTypeReference);
    if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type as ts.TypeReference);
      const items = this.child(element ? this.map(element, elementTypeNode(written)) : plain({}), '[]');
      return {
        schema: { type: 'array', items: items.schema },
        ...(items.revive ? { revive: { kind: 'array', items: items.revive } } : {}),
        problems: items.problems,
        local: items.local,
      };
    }
    if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) {
      return failure('error', `has a function type ${this.text(type)}, which JSON cannot carry`);
    }
    return this.mapProperties(type, symbol);
  }

  private mapTuple(type: ts.TupleTypeReference): Mapped {
    const elementFlags = type.target.elementFlags;
    const args = this.checker.getTypeArguments(type);
    const prefixItems: JsonSchema[] = [];
    const revivals: (Revival | null)[] = [];
    const problems: Problem[] = [];
    let local = false;
    let minItems = 0;
    let rest: JsonSchema | undefined;
    for (let index = 0; index < elementFlags.length; index++) {
      const flag = elementFlags[index]!;
      const element = args[index];
      if (!element) break;
      if (flag & ts.ElementFlags.Variable) {
        if (index !== elementFlags.length - 1 || flag & ts.ElementFlags.Variadic) {
          return failure('error', `has the tuple type ${this.text(type)}, whose rest element is not last, which JSON Schema cannot describe`);
        }
        const mapped = this.child(this.map(element), '[]');
        problems.push(...mapped.problems);
        local ||= mapped.local;
        rest = mapped.schema;
        if (mapped.revive) {
          problems.push({ severity: 'warning', path: ['[]'], message: 'needs reviving in the rest of a tuple, which is not supported: the values stay as JSON' });
        }
        continue;
      }
      const mapped = this.child(this.map(element), `[${index}]`);
      problems.push(...mapped.problems);
      local ||= mapped.local;
      prefixItems.push(mapped.schema);
      revivals.push(mapped.revive ?? null);
      if (flag & ts.ElementFlags.Required) minItems = index + 1;
    }
    const schema: JsonSchema = { type: 'array' };
    if (prefixItems.length > 0) schema.prefixItems = prefixItems;
    if (minItems > 0) schema.minItems = minItems;
    if (rest) schema.items = rest;
    else {
      schema.items = false;
      schema.maxItems = prefixItems.length;
    }
    const revive: Revival | undefined = revivals.some((item) => item !== null) ? { kind: 'tuple', items: revivals } : undefined;
    return { schema, ...(revive ? { revive } : {}), problems, local };
  }

  private mapProperties(type: ts.Type, symbol: ts.Symbol | undefined): Mapped {
    const checker = this.checker;
    const classDeclaration = symbol && symbol.flags & ts.SymbolFlags.Class ? symbol.declarations?.find(ts.isClassLike) : undefined;
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    const revivals: Record<string, Revival> = {};
    const problems: Problem[] = [];
    let local = false;
    let validates = false;
    const members = inDeclarationOrder(checker.getPropertiesOfType(type), type, checker);
    // A library's interface with methods (`Response`, `EventEmitter`) is behaviour: one error, not one per method.
    if (!classDeclaration && symbol && isLibraryDeclared(symbol) && members.some((member) => member.flags & ts.SymbolFlags.Method)) {
      return failure('error', `has type ${this.text(type)}, an object with methods, which JSON cannot carry`);
    }
    for (const property of members) {
      const name = property.name;
      // Symbol keys and #private fields never reach JSON.
      if (name.startsWith('__@') || name.startsWith('__#')) continue;
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (declaration && ts.getCombinedModifierFlags(declaration as ts.Declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue;
      if (declaration && ts.isPrivateIdentifier((declaration as ts.NamedDeclaration).name ?? declaration)) continue;
      // Classes keep data only. In an interface or type literal a method is a function the model cannot send,
      // while `get x(): T` is just a property.
      if (property.flags & ts.SymbolFlags.Method) {
        if (!classDeclaration) problems.push({ severity: 'error', path: [name], message: 'is a method, which JSON cannot carry' });
        continue;
      }
      if (classDeclaration && property.flags & ts.SymbolFlags.Accessor) continue;
      const propertyType = checker.getTypeOfSymbol(property);
      // `b?: never` (as in `{ a: string; b?: never } | { b: string; a?: never }`): the property cannot be given.
      if (property.flags & ts.SymbolFlags.Optional && isOnlyUndefined(propertyType)) continue;
      // A class field holding a function is behaviour, not data.
      if (classDeclaration && propertyType.getCallSignatures().length > 0 && !(propertyType.flags & ts.TypeFlags.Union)) continue;
      const mapped = this.child(this.map(propertyType, declaredTypeNode(declaration)), name);
      problems.push(...mapped.problems);
      local ||= mapped.local;
      let schema = mapped.schema;
      let optional = (property.flags & ts.SymbolFlags.Optional) !== 0 || includesUndefined(propertyType);
      const warn = (message: string): void => {
        problems.push({ severity: 'warning', path: [name], message, ...(declaration ? { at: declaration } : {}) });
      };
      // Fields and constructor parameter properties (`constructor(public size = 10)`).
      if (classDeclaration && declaration && (ts.isPropertyDeclaration(declaration) || ts.isParameter(declaration))) {
        const validation = readValidation(declaration, checker);
        if (validation) {
          validates = true;
          schema = validation.apply(schema, warn);
          if (validation.optional) optional = true;
          if (validation.defined) optional = false;
        }
        if (declaration.initializer) {
          // class-transformer builds with `new Class()`, so the initializer stays when the property is left out.
          optional = true;
          const value = constantValue(declaration.initializer, checker);
          if (value !== UNKNOWN && !(value instanceof RegExp) && isJsonExact(value)) schema = { ...schema, default: value };
        }
      }
      const tags = docTagsOfSymbol(property, checker);
      if (tags.length > 0) schema = applyTags(schema, tags, warn);
      const description = docTextOfSymbol(property, checker);
      if (description !== undefined) schema = { ...schema, description };
      setOwn(properties, name, schema);
      if (!optional) required.push(name);
      if (mapped.revive) setOwn(revivals, name, mapped.revive);
    }
    const schema: JsonSchema = { type: 'object' };
    if (Object.keys(properties).length > 0) schema.properties = properties;
    if (required.length > 0) schema.required = required;

    let recordRevival: Revival | undefined;
    const index = pickIndex(checker.getIndexInfosOfType(type));
    if (index && index.type.flags & ts.TypeFlags.Never) {
      // `Record<string, never>`: an object with no (other) properties.
      schema.additionalProperties = false;
    } else if (index) {
      const values = this.child(this.map(index.type), '[key]');
      problems.push(...values.problems);
      local ||= values.local;
      schema.additionalProperties = Object.keys(values.schema).length === 0 ? true : values.schema;
      if (values.revive) {
        if (Object.keys(revivals).length === 0) recordRevival = { kind: 'record', values: values.revive };
        else problems.push({ severity: 'warning', path: ['[key]'], message: 'needs reviving in an index signature next to properties that need it too: the values stay as JSON' });
      }
    } else if (Object.keys(properties).length > 0) {
      // A closed object type: TypeScript rejects properties it does not declare (excess property checks), so the
      // schema does too. An intersection is one merged object here, closed over all its members' properties.
      // An empty type (`{}`) takes any object, so it stays open.
      schema.additionalProperties = false;
    }

    const propertyRevival: Revival | undefined = Object.keys(revivals).length > 0 ? { kind: 'object', properties: revivals } : recordRevival;
    if (classDeclaration && !classDeclaration.getSourceFile().isDeclarationFile) {
      const className = symbol!.name;
      const revive: Revival = {
        kind: 'class',
        name: className,
        file: path.relative(this.projectDir, classDeclaration.getSourceFile().fileName).split(path.sep).join('/'),
      };
      if (propertyRevival?.kind === 'object') revive.properties = propertyRevival.properties;
      if (validates) revive.validate = true;
      return { schema, revive, problems, local };
    }
    return { schema, ...(propertyRevival ? { revive: propertyRevival } : {}), problems, local };
  }

  /**
   * The members of a union in the order they are written (the checker orders them by creation, so that
   * `'low' | 'high'` could come out as ['high', 'low'] when 'high' was met first elsewhere). Members are placed by
   * the written union of `written` or of the union's type alias; others keep the checker's order, after them.
   */
  private writtenOrder(type: ts.UnionType, written: ts.TypeNode | undefined): readonly ts.Type[] {
    const node = unionNode(written) ?? unionNode(aliasTypeNode(type));
    if (!node) return type.types;
    const position = new Map<ts.Type, number>();
    const place = (member: ts.Type): void => {
      if (member.flags & ts.TypeFlags.Union) (member as ts.UnionType).types.forEach(place);
      else if (!position.has(member)) position.set(member, position.size);
    };
    for (const memberNode of node.types) place(this.checker.getTypeFromTypeNode(memberNode));
    return [...type.types].sort((a, b) => (position.get(a) ?? Infinity) - (position.get(b) ?? Infinity));
  }

  /** A child's result with its problems moved under `segment`. */
  private child(mapped: Mapped, segment: string): Mapped {
    if (mapped.problems.length === 0) return mapped;
    return { ...mapped, problems: mapped.problems.map((problem) => ({ ...problem, path: [segment, ...problem.path] })) };
  }
}

/** `path.resolve` of the project folder, kept for the next builder (two are made per tool, all with one folder). */
let lastDir: { given: string; cwd: string; resolved: string } | undefined;

function resolveDir(given: string): string {
  const cwd = process.cwd();
  if (lastDir?.given !== given || lastDir.cwd !== cwd) lastDir = { given, cwd, resolved: path.resolve(given) };
  return lastDir.resolved;
}

function isLibraryDeclared(symbol: ts.Symbol): boolean {
  const declaration = symbol.declarations?.[0];
  return declaration !== undefined && declaration.getSourceFile().isDeclarationFile;
}

function plain(schema: JsonSchema): Mapped {
  return { schema, problems: [], local: false };
}

function failure(severity: 'error' | 'warning', message: string): Mapped {
  return { schema: {}, problems: [{ severity, path: [], message }], local: false };
}

function numberEnum(values: number[]): JsonSchema {
  return { type: values.every(Number.isInteger) ? 'integer' : 'number', enum: values };
}

function isTrue(type: ts.Type): boolean {
  return (type as { intrinsicName?: string }).intrinsicName === 'true';
}

function isBareAnyOf(schema: JsonSchema): boolean {
  return schema.anyOf !== undefined && Object.keys(schema).length === 1;
}

function isOnlyUndefined(type: ts.Type): boolean {
  if (type.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Never)) return true;
  return (type.flags & ts.TypeFlags.Union) !== 0 && (type as ts.UnionType).types.every((member) => member.flags & ts.TypeFlags.Undefined);
}

function includesUndefined(type: ts.Type): boolean {
  if (type.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return true;
  return (type.flags & ts.TypeFlags.Union) !== 0 && (type as ts.UnionType).types.some((member) => member.flags & ts.TypeFlags.Undefined);
}

/** The index signature that describes extra properties: a string key first, then any other. */
function pickIndex(infos: readonly ts.IndexInfo[]): ts.IndexInfo | undefined {
  return infos.find((info) => info.keyType.flags & ts.TypeFlags.String) ?? infos[0];
}

/**
 * The properties of a mapped type (`Pick`, `Omit`, `Partial`, ...) in the order of the type they come from: the
 * checker lists them in the order of the key union, which follows when each key's literal type was first made
 * anywhere in the program, not the source. The type they come from is the declaring interface, class or type literal
 * whose own property list holds most of them (own members, then inherited ones, as the checker lists that type).
 * Others keep the checker's order.
 */
function inDeclarationOrder(members: ts.Symbol[], type: ts.Type, checker: ts.TypeChecker): ts.Symbol[] {
  if (!(type.flags & ts.TypeFlags.Object) || !((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Mapped)) return members;
  const names = new Set(members.map((member) => member.name));
  let best: Map<string, number> | undefined;
  let covered = 0;
  const seen = new Set<ts.Node>();
  for (const member of members) {
    const parent = (member.valueDeclaration ?? member.declarations?.[0])?.parent;
    if (!parent || seen.has(parent)) continue;
    seen.add(parent);
    const source = ts.isInterfaceDeclaration(parent) || ts.isClassLike(parent) || ts.isTypeLiteralNode(parent) ? checker.getTypeAtLocation(parent) : undefined;
    if (!source) continue;
    const order = new Map(checker.getPropertiesOfType(source).map((property, index) => [property.name, index]));
    const count = [...names].filter((name) => order.has(name)).length;
    if (count > covered) [best, covered] = [order, count];
  }
  if (!best) return members;
  const rank = best;
  return members
    .map((member, index) => ({ member, key: rank.get(member.name) ?? rank.size + index }))
    .sort((a, b) => a.key - b.key)
    .map(({ member }) => member);
}
