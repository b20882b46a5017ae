import { relative, sep } from 'node:path';
import {
  geminiSchemaToJsonSchema,
  isGeminiSchema,
  type JsonSchema,
  type ManifestParam,
  type ManifestTool,
} from '@toolwright/core';
import { ts } from '../program/typescript.js';
import type { CoreSymbols } from '../discover/core-symbols.js';
import { readToolOptions } from '../discover/decorator-options.js';
import { staticDefault } from './default-value.js';
import type { DecoratedMethod } from '../discover/find-tools.js';
import { GEMINI_PARAMETER_NAME } from '@toolwright/core';
import { cleanText, commentText, readMethodDoc, type MethodDoc } from './method-doc.js';
import type { NameStyle } from '../options.js';
import { styleName } from './name-style.js';
import { parameterName } from './parameter-name.js';
import type { Report } from '../diagnostics.js';
import { applyDocTags, createSchemaBuilder, type DocTag } from '../schema/index.js';
import { setOwn } from '../schema/own-property.js';

export interface DescribeContext {
  projectDir: string;
  nameStyle: NameStyle;
  core: CoreSymbols;
  report: Report;
  checker: ts.TypeChecker;
  /** Files whose nested problems are reported where they are written (see `SchemaBuilderOptions`). */
  isProjectFile: (fileName: string) => boolean;
}

/** A file's path relative to the project folder, with `/` separators (stable across machines). */
export function projectPath(projectDir: string, file: string): string {
  return relative(projectDir, file).split(sep).join('/');
}

/** The JSON Schema dialect of `parameters` and `returns`, declared at their top (tuples use `prefixItems`). */
export const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** Schema tags that a method's JSDoc may aim at one parameter, tsoa style: `@minimum days 1`. */
const PARAMETER_TAGS = new Set([
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
  'format',
  'integer',
  'default',
  'example',
]);
/** Those that only make sense with a parameter named: on their own on a method they are a mistake. */
const CONSTRAINT_TAGS = new Set([...PARAMETER_TAGS].filter((tag) => tag !== 'example' && tag !== 'default'));

/** The manifest entry of one `@tool()` method. Problems go to `context.report`; the entry is built regardless. */
export function describeTool(found: DecoratedMethod, context: DescribeContext): ManifestTool {
  // The compiler's nodes, not ts-morph's: wrapping each node and type the describing meets costs more than reading
  // them.
  const method = found.method;
  const sourceFile = method.getSourceFile();
  const { report, checker } = context;
  const options = readToolOptions(found.decorator, checker, report);
  const doc = readMethodDoc(method);
  if (doc.misplaced) {
    report(
      doc.misplaced,
      'warning',
      `the JSDoc of "${found.methodName}" sits after @tool(), where TypeScript ignores it: move it above the decorator`,
    );
  }
  const named = namedParameters(method);
  const { byParameter: methodTags, examples } = tagsByParameter(
    named.map(([name]) => name),
    doc,
    report,
    sourceFile,
  );
  const description = options.description ?? withRemarksAndExamples(doc.description, doc.remarks, examples);
  if (description === undefined) {
    report(
      method.name,
      'warning',
      `tool ${found.className}.${found.methodName} has no description: add a JSDoc comment (the model chooses ` +
        'tools by it)',
    );
  }
  for (const typeParameter of method.typeParameters ?? []) {
    report(
      typeParameter,
      'error',
      `tool method "${found.methodName}" has a type parameter (${typeParameter.name.getText(sourceFile)}): a ` +
        `tool's argument types must be known at build time`,
    );
  }

  // A manual `parameters` schema replaces the introspected one at bind time: its problems would only be noise.
  const parameterReport: Report = options.manualParameters ? () => {} : report;
  const builder = createSchemaBuilder({
    projectDir: context.projectDir,
    report: parameterReport,
    checker,
    isProjectFile: context.isProjectFile,
  });
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const params: ManifestParam[] = [];

  const seen = new Set<string>();
  for (const [name, parameter] of named) {
    if (seen.has(name)) {
      // Never a silent overwrite: two parameters under one name would lose one schema and bind the wrong value.
      report(
        parameter,
        'error',
        `two parameters of "${found.methodName}" are named "${name}" in the arguments object: rename one (or ` +
          'its @param tag)',
      );
      continue;
    }
    seen.add(name);
    if (parameter.dotDotDotToken) {
      report(
        parameter,
        'error',
        `rest parameter ...${name}: a tool takes named arguments; use an array parameter instead`,
      );
      continue;
    }
    const type = declaredType(parameter, checker);
    // `x?: T`, `x = v`, and `x: T | undefined` (as on properties: the caller may leave it out).
    const optional =
      parameter.questionToken !== undefined || parameter.initializer !== undefined || acceptsUndefined(type);
    if (context.core.isToolContext(type)) {
      params.push({ name, kind: 'context', ...(optional ? { optional: true } : {}) });
      continue;
    }
    if (!GEMINI_PARAMETER_NAME.test(name)) {
      parameterReport(
        parameter,
        'error',
        `parameter name "${name}" is not accepted by Gemini (letters, digits and _, starting with a letter or ` +
          '_, at most 64)',
      );
    }
    const mapped = builder.typeSchema(type, parameter);
    const tags: DocTag[] = [...(methodTags.get(name) ?? []), ...ownTags(parameter)];
    let schema = applyDocTags(mapped.schema, tags, parameterReport, parameter);
    const text = doc.params.get(name) ?? ownDescription(parameter);
    if (text !== undefined) schema = { ...schema, description: text };
    schema = applyNestedDocs(schema, name, doc, methodTags, parameterReport, parameter);
    const fallback = parameter.initializer ? staticDefault(parameter.initializer, checker) : undefined;
    if (fallback && fallback.value !== undefined && !('default' in schema))
      schema = { ...schema, default: fallback.value };
    setOwn(properties, name, schema);
    if (!optional) required.push(name);
    params.push({
      name,
      kind: 'value',
      ...(optional ? { optional: true } : {}),
      ...(mapped.revive ? { revive: mapped.revive } : {}),
    });
  }

  // The dialect is declared (tuples use draft 2020-12 `prefixItems`); extra arguments are errors, as in TypeScript.
  let parameters: ManifestTool['parameters'] = { $schema: SCHEMA_DIALECT, type: 'object', properties };
  if (required.length > 0) parameters.required = required;
  parameters.additionalProperties = false;
  const definitions = builder.definitions();
  if (definitions && Object.keys(definitions).length > 0) parameters.$defs = definitions;
  // A `parameters` option written out replaces the introspected schema, as the Toolbox replaces it at bind time.
  if (options.manualSchema) parameters = manualParameters(options.manualSchema, found, report) ?? parameters;

  const returns = describeReturns(method, context);
  const tool: ManifestTool = {
    name: options.name ?? styleName(found.methodName, context.nameStyle),
    ...(description !== undefined ? { description } : {}),
    ...(doc.deprecated !== undefined ? { deprecated: doc.deprecated } : {}),
    class: found.className,
    method: found.methodName,
    file: fileOf(sourceFile, context.projectDir),
    parameters,
    params,
    ...(returns ? { returns } : {}),
    ...(options.annotations ? { annotations: options.annotations } : {}),
  };
  return tool;
}

/**
 * The decorator's schema as the Toolbox reads it (a Gemini schema becomes JSON Schema); it must be an object schema.
 */
function manualParameters(
  schema: Record<string, unknown>,
  found: DecoratedMethod,
  report: Report,
): ManifestTool['parameters'] | undefined {
  const converted = (isGeminiSchema(schema) ? geminiSchemaToJsonSchema(schema) : schema) as JsonSchema;
  if (converted.type !== 'object') {
    report(
      found.decorator,
      'error',
      `the parameters option of "${found.methodName}" must describe an object (type "object"), ` +
        `got ${JSON.stringify(converted.type)}`,
    );
    return undefined;
  }
  return { ...converted, type: 'object', properties: converted.properties ?? {} };
}

/** `projectPath` of a file, computed once per file (`path.relative` is not cheap, and a file has many tools). */
const projectPaths = new WeakMap<ts.SourceFile, { projectDir: string; path: string }>();

function fileOf(file: ts.SourceFile, projectDir: string): string {
  const known = projectPaths.get(file);
  if (known && known.projectDir === projectDir) return known.path;
  const path = projectPath(projectDir, file.fileName);
  projectPaths.set(file, { projectDir, path });
  return path;
}

/**
 * The parameter's type as written (for `x?: T`, `T` and not `T | undefined`); its inferred type when it has no
 * annotation (`unit = 'celsius'` is a string).
 */
function declaredType(parameter: ts.ParameterDeclaration, checker: ts.TypeChecker): ts.Type {
  return checker.getTypeAtLocation(parameter.type ?? parameter);
}

/**
 * The method's parameters (`this` aside) with their property names. A destructured parameter's chosen name avoids
 * the names of all other parameters, later plain ones included (`({ x }: X, args: Y)` names the first `args2`).
 */
function namedParameters(method: ts.MethodDeclaration): [string, ts.ParameterDeclaration][] {
  const parameters = method.parameters.filter((parameter) => !isThisParameter(parameter));
  const taken = new Set<string>();
  for (const parameter of parameters) {
    if (ts.isIdentifier(parameter.name)) taken.add(parameter.name.getText());
  }
  return parameters.map((parameter) => {
    if (ts.isIdentifier(parameter.name)) return [parameter.name.getText(), parameter];
    const name = parameterName(parameter, taken);
    taken.add(name);
    return [name, parameter];
  });
}

function isThisParameter(parameter: ts.ParameterDeclaration): boolean {
  return ts.isIdentifier(parameter.name) && parameter.name.getText() === 'this';
}

/** JSDoc written on the parameter itself: `(/** @minimum 1 *\/ days: number)`. */
function ownTags(parameter: ts.ParameterDeclaration): DocTag[] {
  const jsDoc = (parameter as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
  return jsDoc.flatMap((block) =>
    (block.tags ?? []).map((tag) => ({
      name: tag.tagName.text,
      text: (ts.getTextOfJSDocComment(tag.comment) ?? '').trim(),
    })),
  );
}

/** The text of a JSDoc comment written on the parameter itself: `(/** How far. *\/ radius: number)`. */
function ownDescription(parameter: ts.ParameterDeclaration): string | undefined {
  const jsDoc = (parameter as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
  const last = jsDoc[jsDoc.length - 1];
  return last ? cleanText(ts.getTextOfJSDocComment(last.comment)) : undefined;
}

/**
 * The method's description as the model reads it: the summary and body, then the `@remarks`, then each `@example`
 * of the method (an example of a call, not of one parameter's value), each after a blank line.
 */
function withRemarksAndExamples(
  description: string | undefined,
  remarks: readonly string[],
  examples: readonly string[],
): string | undefined {
  const parts = [
    ...(description !== undefined ? [description] : []),
    ...remarks,
    ...examples.map((example) => (example.includes('\n') ? `Example:\n${example}` : `Example: ${example}`)),
  ];
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

/**
 * Method-level schema tags aimed at one parameter, by parameter name: tags that name it first (`@minimum days 1`),
 * and tags written on the same line as its `@param` (`@param days How many. @minimum 1`). An `@example` aimed at no
 * parameter is an example of the whole call: its text is returned in `examples`.
 */
function tagsByParameter(
  parameterNames: readonly string[],
  doc: MethodDoc,
  report: Report,
  sourceFile: ts.SourceFile,
): { byParameter: Map<string, DocTag[]>; examples: string[] } {
  const names = new Set(parameterNames);
  const byParameter = new Map<string, DocTag[]>();
  const examples: string[] = [];
  const add = (parameter: string, tag: DocTag) =>
    byParameter.set(parameter, [...(byParameter.get(parameter) ?? []), tag]);
  let lastParam: { name: string; tag: ts.JSDocParameterTag } | undefined;
  for (const tag of doc.tags) {
    if (ts.isJSDocParameterTag(tag)) {
      const name = tag.name.getText(sourceFile);
      lastParam = { name, tag };
      if (!names.has(rootName(name))) {
        report(tag, 'warning', `@param ${name} names no parameter of the method: check its spelling; it is ignored`);
      }
      continue;
    }
    const tagName = tag.tagName.getText(sourceFile);
    if (!PARAMETER_TAGS.has(tagName)) continue;
    const text = (commentText(tag) ?? '').trim();
    const [first = ''] = text.split(/\s+/);
    if (names.has(rootName(first))) {
      add(first, { name: tagName, text: text.slice(first.length).trim() });
    } else if (lastParam && names.has(rootName(lastParam.name)) && sameLine(lastParam.tag, tag, sourceFile)) {
      add(lastParam.name, { name: tagName, text });
    } else if (CONSTRAINT_TAGS.has(tagName)) {
      report(
        tag,
        'warning',
        `@${tagName} on a method applies to a parameter: write @${tagName} <parameter> <value>, or put it on ` +
          'the line of the @param; it is ignored',
      );
    } else if (tagName === 'example') {
      const example = cleanText(commentText(tag));
      if (example !== undefined) examples.push(example);
    }
  }
  return { byParameter, examples };
}

/** Whether two nodes start on the same line (no `\n` between their starts, as ts-morph's line numbers count). */
function sameLine(a: ts.Node, b: ts.Node, sourceFile: ts.SourceFile): boolean {
  const [first, second] = [a.getStart(sourceFile), b.getStart(sourceFile)].sort((x, y) => x - y) as [number, number];
  const newline = sourceFile.text.indexOf('\n', first);
  return newline < 0 || newline >= second;
}

/** The parameter a `@param` (or tag) name is about: `options` for `options.limit` and `items[].name`. */
function rootName(name: string): string {
  return name.split(/[.[]/)[0]!;
}

/**
 * `@param options.limit Max results. @maximum 50` (JSDoc's form for a property of an object parameter): the text
 * and the tags on that line go to the nested property of the parameter's schema (`items[].name` reaches into
 * array elements; each member of a union that has the property gets them). A path that names no property warns.
 */
function applyNestedDocs(
  schema: JsonSchema,
  name: string,
  doc: MethodDoc,
  methodTags: Map<string, DocTag[]>,
  report: Report,
  parameter: ts.ParameterDeclaration,
): JsonSchema {
  const keys = new Set(
    [...doc.params.keys(), ...methodTags.keys()].filter((key) => key !== name && rootName(key) === name),
  );
  let result = schema;
  for (const key of keys) {
    const path = key.slice(name.length).replace(/^\./, '').split('.');
    const updated = updateNested(result, path, (property) => {
      let next = applyDocTags(property, methodTags.get(key) ?? [], report, parameter);
      const text = doc.params.get(key);
      if (text !== undefined) next = { ...next, description: text };
      return next;
    });
    if (updated) result = updated;
    else
      report(
        parameter,
        'warning',
        `@param ${key} names no property of parameter "${name}" (a $ref or a type without it): it is ignored`,
      );
  }
  return result;
}

/** A copy of `schema` with `update` applied at the property path (`[]` after a name: its array elements). */
function updateNested(
  schema: JsonSchema,
  path: readonly string[],
  update: (schema: JsonSchema) => JsonSchema,
): JsonSchema | undefined {
  if (path.length === 0 || (path.length === 1 && path[0] === '')) return update(schema);
  if (schema.anyOf) {
    let found = false;
    const anyOf = schema.anyOf.map((member) => {
      const next = updateNested(member, path, update);
      if (next) found = true;
      return next ?? member;
    });
    return found ? { ...schema, anyOf } : undefined;
  }
  const [segment = '', ...rest] = path;
  const elements = segment.endsWith('[]');
  const key = elements ? segment.slice(0, -2) : segment;
  const property = key === '' ? schema : schema.properties?.[key];
  if (!property) return undefined;
  let next: JsonSchema | undefined;
  if (elements) {
    if (typeof property.items !== 'object') return undefined;
    const items = updateNested(property.items, rest, update);
    next = items ? { ...property, items } : undefined;
  } else next = updateNested(property, rest, update);
  if (!next) return undefined;
  return key === '' ? next : { ...schema, properties: { ...schema.properties, [key]: next } };
}

/** The return type, Promise unwrapped, when it describes something; problems there are not the user's to fix. */
function describeReturns(method: ts.MethodDeclaration, context: DescribeContext): JsonSchema | undefined {
  const { checker } = context;
  const declaration = method;
  const signature = checker.getSignatureFromDeclaration(declaration);
  if (!signature) return undefined;
  let type = checker.getReturnTypeOfSignature(signature);
  let node: ts.Node = declaration.type ?? method;
  if (isPromise(type, checker)) {
    const [awaited] = checker.getTypeArguments(type as ts.TypeReference);
    if (!awaited) return undefined;
    type = awaited;
    const typeNode = declaration.type;
    node = (typeNode && ts.isTypeReferenceNode(typeNode) ? typeNode.typeArguments?.[0] : undefined) ?? method;
  }
  if (
    type.flags &
    (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Never)
  )
    return undefined;
  let failed = false;
  const builder = createSchemaBuilder({
    projectDir: context.projectDir,
    checker: context.checker,
    report: (_node, severity) => {
      if (severity === 'error') failed = true;
    },
  });
  const { schema } = builder.typeSchema(type, node);
  if (failed || Object.keys(schema).length === 0) return undefined;
  const definitions = builder.definitions();
  const returns: JsonSchema = { $schema: SCHEMA_DIALECT, ...schema };
  return definitions && Object.keys(definitions).length > 0 ? { ...returns, $defs: definitions } : returns;
}

function acceptsUndefined(type: ts.Type): boolean {
  if (type.flags & ts.TypeFlags.Undefined) return true;
  return (
    (type.flags & ts.TypeFlags.Union) !== 0 &&
    (type as ts.UnionType).types.some((part) => (part.flags & ts.TypeFlags.Undefined) !== 0)
  );
}

function isPromise(type: ts.Type, checker: ts.TypeChecker): boolean {
  return type.getSymbol()?.getName() === 'Promise' && checker.getTypeArguments(type as ts.TypeReference).length === 1;
}
