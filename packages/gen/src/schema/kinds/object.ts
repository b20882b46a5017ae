import type { DiagnosticCode } from '../../diagnostic-codes.js';
import path from 'node:path';
import type { JsonSchema, Revival } from '@toolwright/core';
import { ts } from '../../program/typescript.js';
import { applyTags, docTagsOfSymbol, docTextOfSymbol } from '../doc-tags.js';
import { setOwn } from '../own-property.js';
import type { Problem } from '../problems.js';
import { declaredTypeNode } from '../type-nodes.js';
import { classField } from './class-field.js';
import { child, failure, typeText, type MapContext, type TypeKind } from './mapped.js';
import { inDeclarationOrder } from './property-order.js';

/** A function or class type: behaviour, which JSON cannot carry. */
export const mapFunction: TypeKind = (type, _written, { checker }) => {
  if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return undefined;
  if (type.getCallSignatures().length === 0 && type.getConstructSignatures().length === 0) return undefined;
  return failure('TW3001', `has a function type ${typeText(type, checker)}, which JSON cannot carry`);
};

/** The properties of an object type as mapped so far. */
interface Members {
  properties: Record<string, JsonSchema>;
  required: string[];
  revivals: Record<string, Revival>;
  problems: Problem[];
  local: boolean;
  /** Some property has class-validator decorators. */
  validates: boolean;
}

/**
 * Interfaces, type literals, classes (data properties only), mapped and utility types, intersections (one merged
 * object): `properties` in declaration order, `required`, and closed (`additionalProperties: false`) unless an index
 * signature gives the schema of other keys. A class declared in the project is revived into an instance.
 */
export const mapObject: TypeKind = (type, _written, context) => {
  if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return undefined;
  const { checker } = context;
  const symbol = type.getSymbol();
  const isClass = symbol !== undefined && (symbol.flags & ts.SymbolFlags.Class) !== 0;
  const classDeclaration = isClass ? symbol.declarations?.find(ts.isClassLike) : undefined;
  const properties = inDeclarationOrder(checker.getPropertiesOfType(type), type, checker);
  // A library's interface with methods (`Response`, `EventEmitter`) is behaviour: one error, not one per method.
  const hasMethods = properties.some((property) => property.flags & ts.SymbolFlags.Method);
  if (!classDeclaration && symbol && isLibraryDeclared(symbol) && hasMethods) {
    return failure('TW3001', `has type ${typeText(type, checker)}, an object with methods, which JSON cannot carry`);
  }
  const members = mapMembers(properties, classDeclaration !== undefined, context);
  const schema: JsonSchema = { type: 'object' };
  if (Object.keys(members.properties).length > 0) schema.properties = members.properties;
  if (members.required.length > 0) schema.required = members.required;
  const recordRevival = closeOrIndex(schema, type, members, context);
  const propertyRevival: Revival | undefined =
    Object.keys(members.revivals).length > 0 ? { kind: 'object', properties: members.revivals } : recordRevival;
  const { problems, local } = members;
  if (classDeclaration && !classDeclaration.getSourceFile().isDeclarationFile) {
    const file = path.relative(context.projectDir, classDeclaration.getSourceFile().fileName).split(path.sep).join('/');
    const revive: Revival = { kind: 'class', name: symbol!.name, file };
    if (propertyRevival?.kind === 'object') revive.properties = propertyRevival.properties;
    if (members.validates) revive.validate = true;
    return { schema, revive, problems, local };
  }
  return { schema, ...(propertyRevival ? { revive: propertyRevival } : {}), problems, local };
};

/** Each data property: its schema (with JSDoc, and a class field's constraints and default), required or not. */
function mapMembers(properties: readonly ts.Symbol[], isClass: boolean, context: MapContext): Members {
  const { checker } = context;
  const members: Members = { properties: {}, required: [], revivals: {}, problems: [], local: false, validates: false };
  for (const property of properties) {
    const name = property.name;
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    if (!isData(property, declaration, isClass, members.problems)) continue;
    const propertyType = checker.getTypeOfSymbol(property);
    // `b?: never` (as in `{ a: string; b?: never } | { b: string; a?: never }`): the property cannot be given.
    if (property.flags & ts.SymbolFlags.Optional && isOnlyUndefined(propertyType)) continue;
    // A class field holding a function is behaviour, not data.
    if (isClass && propertyType.getCallSignatures().length > 0 && !(propertyType.flags & ts.TypeFlags.Union)) continue;
    const mapped = child(context.map(propertyType, declaredTypeNode(declaration)), name);
    members.problems.push(...mapped.problems);
    members.local ||= mapped.local;
    let schema = mapped.schema;
    let optional = (property.flags & ts.SymbolFlags.Optional) !== 0 || includesUndefined(propertyType);
    const warn = (code: DiagnosticCode, message: string): void => {
      const at = declaration ? { at: declaration } : {};
      members.problems.push({ code, path: [name], message, ...at });
    };
    if (isClass && declaration && (ts.isPropertyDeclaration(declaration) || ts.isParameter(declaration))) {
      const field = classField(declaration, schema, checker, warn);
      schema = field.schema;
      if (field.optional !== undefined) optional = field.optional;
      members.validates ||= field.validates;
    }
    const tags = docTagsOfSymbol(property, checker);
    if (tags.length > 0) schema = applyTags(schema, tags, warn);
    const description = docTextOfSymbol(property, checker);
    if (description !== undefined) schema = { ...schema, description };
    setOwn(members.properties, name, schema);
    if (!optional) members.required.push(name);
    if (mapped.revive) setOwn(members.revivals, name, mapped.revive);
  }
  return members;
}

/**
 * Whether a property is data the model sends. Symbol keys, `#private`, private and protected members never reach
 * JSON; classes keep data only (no methods, no accessors). In an interface or type literal a method is a function
 * the model cannot send (an error), while `get x(): T` is just a property.
 */
function isData(
  property: ts.Symbol,
  declaration: ts.Declaration | undefined,
  isClass: boolean,
  problems: Problem[],
): boolean {
  const name = property.name;
  if (name.startsWith('__@') || name.startsWith('__#')) return false;
  const hidden = ts.ModifierFlags.Private | ts.ModifierFlags.Protected;
  if (declaration && ts.getCombinedModifierFlags(declaration) & hidden) return false;
  if (declaration && ts.isPrivateIdentifier((declaration as ts.NamedDeclaration).name ?? declaration)) return false;
  if (property.flags & ts.SymbolFlags.Method) {
    if (!isClass) problems.push({ code: 'TW3001', path: [name], message: 'is a method, which JSON cannot carry' });
    return false;
  }
  return !(isClass && property.flags & ts.SymbolFlags.Accessor);
}

/**
 * `additionalProperties`: the schema of an index signature's values (`Record<string, T>`; `true` for any value,
 * `false` for `never`), else `false` for an object type with properties. Returns the revival of the values when
 * they need one and no property does.
 */
function closeOrIndex(schema: JsonSchema, type: ts.Type, members: Members, context: MapContext): Revival | undefined {
  const index = pickIndex(context.checker.getIndexInfosOfType(type));
  if (index && index.type.flags & ts.TypeFlags.Never) {
    // `Record<string, never>`: an object with no (other) properties.
    schema.additionalProperties = false;
  } else if (index) {
    const values = child(context.map(index.type), '[key]');
    members.problems.push(...values.problems);
    members.local ||= values.local;
    schema.additionalProperties = Object.keys(values.schema).length === 0 ? true : values.schema;
    if (values.revive) {
      if (Object.keys(members.revivals).length === 0) return { kind: 'record', values: values.revive };
      const message =
        'needs reviving in an index signature next to properties that need it too: the values stay as JSON';
      members.problems.push({ code: 'TW3502', path: ['[key]'], message });
    }
  } else if (schema.properties) {
    // A closed object type: TypeScript rejects properties it does not declare (excess property checks), so the
    // schema does too. An intersection is one merged object here, closed over all its members' properties.
    // An empty type (`{}`) takes any object, so it stays open.
    schema.additionalProperties = false;
  }
  return undefined;
}

function isLibraryDeclared(symbol: ts.Symbol): boolean {
  const declaration = symbol.declarations?.[0];
  return declaration?.getSourceFile().isDeclarationFile === true;
}

function isOnlyUndefined(type: ts.Type): boolean {
  if (type.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Never)) return true;
  if (!(type.flags & ts.TypeFlags.Union)) return false;
  return (type as ts.UnionType).types.every((member) => member.flags & ts.TypeFlags.Undefined);
}

function includesUndefined(type: ts.Type): boolean {
  if (type.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return true;
  if (!(type.flags & ts.TypeFlags.Union)) return false;
  return (type as ts.UnionType).types.some((member) => member.flags & ts.TypeFlags.Undefined);
}

/** The index signature that describes extra properties: a string key first, then any other. */
function pickIndex(infos: readonly ts.IndexInfo[]): ts.IndexInfo | undefined {
  return infos.find((info) => info.keyType.flags & ts.TypeFlags.String) ?? infos[0];
}
