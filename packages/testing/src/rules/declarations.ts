import { field, isJsonObject, unknownKeys } from './fields.js';
import { at, invalidValue, unknownField, violation } from './messages.js';
import { functionNameProblems, parameterNameProblems } from './names.js';
import { parametersProblems } from './openapi-schema.js';

// FakeGemini's own copy of a Gemini limit (core states it for the rest; see rules/names.ts for why).
/** At most this many function declarations in one Tool. */
export const MAX_FUNCTION_DECLARATIONS = 512;

const DECLARATION_FIELDS: ReadonlySet<string> = new Set([
  'name',
  'description',
  'parameters',
  'parametersJsonSchema',
  'response',
  'responseJsonSchema',
  'behavior',
]);

const TOOL_FIELDS: ReadonlySet<string> = new Set([
  'functionDeclarations',
  'googleSearch',
  'googleSearchRetrieval',
  'codeExecution',
  'urlContext',
  'retrieval',
  'googleMaps',
  'computerUse',
  'fileSearch',
  'enterpriseWebSearch',
  'mcpServers',
]);

/**
 * Problems of one function declaration at `path` (e.g. `tools[0].function_declarations[3]`): its name, its
 * parameter names, its `parameters` schema (the OpenAPI subset, an OBJECT at the top), and `parameters` set
 * together with `parametersJsonSchema`.
 */
export function functionDeclarationProblems(declaration: unknown, path: string): string[] {
  if (!isJsonObject(declaration)) {
    return [
      invalidValue(path, 'type.googleapis.com/google.ai.generativelanguage.v1beta.FunctionDeclaration', declaration),
    ];
  }
  const problems = unknownKeys(declaration, DECLARATION_FIELDS).map((key) => unknownField(key, path));
  problems.push(...functionNameProblems(declaration.name, at(path, 'name')));
  if (declaration.description !== undefined && typeof declaration.description !== 'string') {
    problems.push(invalidValue(at(path, 'description'), 'TYPE_STRING', declaration.description));
  }

  const parameters = field(declaration, 'parameters');
  const jsonSchema = field(declaration, 'parametersJsonSchema');
  if (parameters !== undefined && jsonSchema !== undefined) {
    problems.push(
      violation(
        at(path, 'parameters'),
        'parameters and parameters_json_schema are mutually exclusive: set only one of them',
      ),
    );
  }
  if (parameters !== undefined) {
    const parametersPath = at(path, 'parameters');
    problems.push(...parametersProblems(parameters, parametersPath));
    problems.push(...propertyNameProblems(parameters, parametersPath));
  }
  if (jsonSchema !== undefined) {
    const jsonSchemaPath = at(path, 'parameters_json_schema');
    if (!isJsonObject(jsonSchema)) problems.push(invalidValue(jsonSchemaPath, 'JSON Schema object', jsonSchema));
    else problems.push(...propertyNameProblems(jsonSchema, jsonSchemaPath));
  }
  return problems;
}

/**
 * Problems of the request's `tools` list: each tool's fields, each function declaration, more than
 * {@link MAX_FUNCTION_DECLARATIONS} declarations in one tool, and the same function name declared twice.
 */
export function toolsProblems(tools: unknown, path = 'tools'): string[] {
  if (!Array.isArray(tools))
    return [invalidValue(path, 'type.googleapis.com/google.ai.generativelanguage.v1beta.Tool', tools)];
  const problems: string[] = [];
  const seen = new Map<string, string>();
  tools.forEach((tool, t) => {
    const toolPath = at(path, t);
    if (!isJsonObject(tool)) {
      problems.push(invalidValue(toolPath, 'type.googleapis.com/google.ai.generativelanguage.v1beta.Tool', tool));
      return;
    }
    problems.push(...unknownKeys(tool, TOOL_FIELDS).map((key) => unknownField(key, toolPath)));
    const declarations = field(tool, 'functionDeclarations');
    if (declarations === undefined) return;
    const declarationsPath = at(toolPath, 'function_declarations');
    if (!Array.isArray(declarations)) {
      problems.push(invalidValue(declarationsPath, 'FunctionDeclaration list', declarations));
      return;
    }
    if (declarations.length > MAX_FUNCTION_DECLARATIONS) {
      problems.push(
        violation(
          declarationsPath,
          `at most ${MAX_FUNCTION_DECLARATIONS} function declarations are allowed in one tool, ` +
            `got ${declarations.length}`,
        ),
      );
    }
    declarations.forEach((declaration, d) => {
      const declarationPath = at(declarationsPath, d);
      problems.push(...functionDeclarationProblems(declaration, declarationPath));
      const name = isJsonObject(declaration) ? declaration.name : undefined;
      if (typeof name !== 'string') return;
      const first = seen.get(name);
      if (first)
        problems.push(
          violation(at(declarationPath, 'name'), `Duplicate function declaration "${name}" (first at ${first})`),
        );
      else seen.set(name, declarationPath);
    });
  });
  return problems;
}

/** The names of all function declarations in `tools` (for the tool config and turn checks). */
export function declaredFunctionNames(tools: unknown): string[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool) => {
    const declarations = isJsonObject(tool) ? field(tool, 'functionDeclarations') : undefined;
    if (!Array.isArray(declarations)) return [];
    return declarations.flatMap((d) => (isJsonObject(d) && typeof d.name === 'string' ? [d.name] : []));
  });
}

function propertyNameProblems(schema: unknown, path: string): string[] {
  if (!isJsonObject(schema) || !isJsonObject(schema.properties)) return [];
  return Object.keys(schema.properties).flatMap((name) => parameterNameProblems(name, `${path}.properties[${name}]`));
}
