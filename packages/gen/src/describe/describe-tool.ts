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
import { schemaPatternProblems } from '@toolwright/core/linear-regexp';
import { readMethodDoc, withRemarksAndExamples } from './method-doc.js';
import { documentParameter, tagsByParameter } from './parameter-docs.js';
import { describeReturns } from './describe-returns.js';
import { projectPathOf } from './project-path.js';
import type { NameStyle } from '../options.js';
import { styleName } from './name-style.js';
import { parameterName } from './parameter-name.js';
import type { Report } from '../diagnostics.js';
import { createSchemaBuilder, SCHEMA_DIALECT } from '../schema/index.js';
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
      'TW4507',
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
      'TW5501',
      `tool ${found.className}.${found.methodName} has no description: add a JSDoc comment (the model chooses ` +
        'tools by it)',
    );
  }
  for (const typeParameter of method.typeParameters ?? []) {
    report(
      typeParameter,
      'TW5001',
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
        'TW5002',
        `two parameters of "${found.methodName}" are named "${name}" in the arguments object: rename one (or ` +
          'its @param tag)',
      );
      continue;
    }
    seen.add(name);
    if (parameter.dotDotDotToken) {
      report(
        parameter,
        'TW5003',
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
        'TW5004',
        `parameter name "${name}" is not accepted by Gemini (letters, digits and _, starting with a letter or ` +
          '_, at most 64)',
      );
    }
    const mapped = builder.typeSchema(type, parameter);
    let schema = documentParameter(mapped.schema, name, parameter, doc, methodTags, parameterReport);
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
    file: projectPathOf(sourceFile, context.projectDir),
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
      'TW5005',
      `the parameters option of "${found.methodName}" must describe an object (type "object"), ` +
        `got ${JSON.stringify(converted.type)}`,
    );
    return undefined;
  }
  // The Toolbox tests patterns on RE2's linear-time engine and refuses one it cannot express: refused here first.
  const patterns = schemaPatternProblems(converted);
  for (const { path, problem } of patterns)
    report(found.decorator, 'TW5006', `the parameters option of "${found.methodName}" at ${path}: ${problem}`);
  if (patterns.length > 0) return undefined;
  return { ...converted, type: 'object', properties: converted.properties ?? {} };
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
  const sourceFile = method.getSourceFile();
  const parameters = method.parameters.filter((parameter) => !isThisParameter(parameter, sourceFile));
  // Each plain name as written (an escaped identifier keeps its escapes), read once.
  const written = parameters.map((parameter) =>
    ts.isIdentifier(parameter.name) ? parameter.name.getText(sourceFile) : undefined,
  );
  const taken = new Set<string>();
  for (const name of written) if (name !== undefined) taken.add(name);
  return parameters.map((parameter, index) => {
    const plain = written[index];
    if (plain !== undefined) return [plain, parameter];
    const name = parameterName(parameter, taken);
    taken.add(name);
    return [name, parameter];
  });
}

function isThisParameter(parameter: ts.ParameterDeclaration, sourceFile: ts.SourceFile): boolean {
  // The source text is `this` only where the name is: the text is read for the few whose name is.
  return (
    ts.isIdentifier(parameter.name) && parameter.name.text === 'this' && parameter.name.getText(sourceFile) === 'this'
  );
}

function acceptsUndefined(type: ts.Type): boolean {
  if (type.flags & ts.TypeFlags.Undefined) return true;
  return (
    (type.flags & ts.TypeFlags.Union) !== 0 &&
    (type as ts.UnionType).types.some((part) => (part.flags & ts.TypeFlags.Undefined) !== 0)
  );
}
