import { GEMINI_TOOL_NAME } from '../gemini-limits.js';
import type { JsonSchema } from '../json-schema.js';
import { renderGeminiSchema, type GeminiSchemaOptions } from './gemini-schema.js';
import { inlineRefs } from './inline-refs.js';
import { flattenRootUnion } from './root-object.js';
import { copySchema } from './schema-walk.js';
import { report, type DeclaredTool, type GeminiFunctionDeclaration, type RenderResult, type RenderWarning } from './types.js';

export interface GeminiDeclarationOptions extends GeminiSchemaOptions {
  /**
   * `openapi` (default): `parameters` in Gemini's OpenAPI 3.0 subset, which every model and API version takes.
   * `json-schema`: `parametersJsonSchema`, the manifest's JSON Schema nearly as it is.
   */
  dialect?: 'openapi' | 'json-schema';
  /**
   * `json-schema` dialect only: inline every `$ref` (and drop `$defs`), unrolling recursion to `maxRecursionDepth`.
   * Gemini's support of references in `parametersJsonSchema` is reported by third parties only: this switches it off.
   */
  inlineRefs?: boolean;
}

/**
 * A Gemini function declaration for one tool. The result shares no object with the input: the JS SDK rewrites
 * `parameters` in place, and the manifest must stay as it is.
 */
export function toGeminiDeclaration(tool: DeclaredTool, options: GeminiDeclarationOptions = {}): GeminiFunctionDeclaration {
  const { declaration, warnings } = renderGeminiDeclaration(tool, options);
  report(warnings, options);
  return declaration;
}

/** {@link toGeminiDeclaration} with the list of warnings. */
export function renderGeminiDeclaration(
  tool: DeclaredTool,
  options: GeminiDeclarationOptions = {},
): { declaration: GeminiFunctionDeclaration; warnings: RenderWarning[] } {
  const warnings: RenderWarning[] = [];
  if (!GEMINI_TOOL_NAME.test(tool.name)) {
    warnings.push({
      code: 'name-invalid',
      path: '',
      message: `Gemini function names start with a letter or "_", hold only A-Z a-z 0-9 _ . : - and are at most 128 long: "${tool.name}"`,
    });
  }
  const declaration: GeminiFunctionDeclaration = { name: tool.name };
  if (tool.description !== undefined) declaration.description = tool.description;
  if (hasArguments(tool.parameters)) {
    if (options.dialect === 'json-schema') {
      const rendered = renderGeminiJsonSchema(tool.parameters, options);
      declaration.parametersJsonSchema = rendered.schema;
      warnings.push(...rendered.warnings);
    } else {
      const rendered = renderGeminiSchema(flattenRootUnion(tool.parameters, warnings), options);
      const { nullable: _nullable, ...parameters } = rendered.schema;
      if (parameters.type !== 'OBJECT') {
        throw new TypeError(`The parameters of tool "${tool.name}" are not an object schema`);
      }
      declaration.parameters = parameters;
      warnings.push(...rendered.warnings);
    }
  }
  return { declaration, warnings: warnings.map((warning) => ({ ...warning, tool: tool.name })) };
}

export interface GeminiJsonSchemaOptions extends GeminiSchemaOptions {
  /** Inline every `$ref` and drop `$defs` (see {@link GeminiDeclarationOptions.inlineRefs}). */
  inlineRefs?: boolean;
}

/**
 * The manifest's JSON Schema for `parametersJsonSchema`: a fresh copy without the manifest's private `x-` keys.
 * Gemini takes `$schema`, `additionalProperties`, `$defs` and `$ref` on this path, so nothing else changes unless
 * `inlineRefs` asks for references to be inlined.
 */
export function toGeminiJsonSchema(schema: JsonSchema, options: GeminiJsonSchemaOptions = {}): JsonSchema {
  const rendered = renderGeminiJsonSchema(schema, options);
  report(rendered.warnings, options);
  return rendered.schema;
}

/** {@link toGeminiJsonSchema} with the list of warnings. */
export function renderGeminiJsonSchema(schema: JsonSchema, options: GeminiJsonSchemaOptions = {}): RenderResult<JsonSchema> {
  if (options.inlineRefs) return inlineRefs(schema, options.maxRecursionDepth ?? 3);
  return { schema: copySchema(schema), warnings: [] };
}

/**
 * A tool without arguments is declared without parameters: Gemini rejects an OBJECT with no properties
 * ("properties: should be non-empty for OBJECT type").
 */
function hasArguments(parameters: JsonSchema): boolean {
  const extra = parameters.additionalProperties;
  return (
    Object.keys(parameters.properties ?? {}).length > 0 ||
    (extra !== undefined && extra !== false) ||
    (parameters.anyOf?.length ?? 0) > 0 ||
    (parameters.oneOf?.length ?? 0) > 0 ||
    (parameters.allOf?.length ?? 0) > 0 ||
    parameters.$ref !== undefined
  );
}
