import { GEMINI_TOOL_NAME } from '../gemini-limits.js';
import type { JsonSchema } from '../json-schema.js';
import { renderGeminiSchema, type GeminiSchemaOptions } from './gemini-schema.js';
import { inlineRefs } from './inline-refs.js';
import { rootObject } from './root-object.js';
import { copySchema } from './schema-copy.js';
import { renderTool, toolHead, type ToolTarget } from './tool-target.js';
import { outputOf, type DeclaredTool, type GeminiFunctionDeclaration, type RenderResult } from './types.js';

export interface GeminiJsonSchemaOptions extends GeminiSchemaOptions {
  /**
   * Inline every `$ref` (and drop `$defs`), unrolling recursion to `maxRecursionDepth`. Gemini's support of
   * references in `parametersJsonSchema` is reported by third parties only: this switches it off.
   */
  inlineRefs?: boolean;
}

export interface GeminiDeclarationOptions extends GeminiJsonSchemaOptions {
  /**
   * `openapi` (default): `parameters` in Gemini's OpenAPI 3.0 subset, which every model and API version takes.
   * `json-schema`: `parametersJsonSchema`, the manifest's JSON Schema nearly as it is (`inlineRefs` applies here only).
   */
  dialect?: 'openapi' | 'json-schema';
}

/**
 * The manifest's JSON Schema for `parametersJsonSchema`: a fresh copy without the manifest's private `x-` keys.
 * Gemini takes `$schema`, `additionalProperties`, `$defs` and `$ref` on this path, so nothing else changes unless
 * `inlineRefs` asks for references to be inlined.
 */
export function renderGeminiJsonSchema(
  schema: JsonSchema,
  options: GeminiJsonSchemaOptions = {},
): RenderResult<JsonSchema> {
  if (options.inlineRefs) return inlineRefs(schema, options.maxRecursionDepth ?? 3);
  return { output: copySchema(schema), warnings: [] };
}

/** {@link renderGeminiJsonSchema} without the list: the warnings go to `onWarning`. */
export const toGeminiJsonSchema = /* @__PURE__ */ outputOf(renderGeminiJsonSchema);

/** A Gemini function declaration: `parameters` or `parametersJsonSchema`, as `dialect` says. */
const geminiDeclaration: ToolTarget<GeminiFunctionDeclaration, GeminiDeclarationOptions> = {
  names: GEMINI_TOOL_NAME,
  nameMessage: (name) =>
    'Gemini function names start with a letter or "_", hold only A-Z a-z 0-9 _ . : - and are at most 128 long: ' +
    `"${name}"`,
  build(tool, options, warnings) {
    const declaration: GeminiFunctionDeclaration = toolHead(tool);
    if (!hasArguments(tool.parameters)) return declaration;
    if (options.dialect === 'json-schema') {
      const rendered = renderGeminiJsonSchema(tool.parameters, options);
      declaration.parametersJsonSchema = rendered.output;
      warnings.push(...rendered.warnings);
    } else {
      const rendered = renderGeminiSchema(rootObject(tool.parameters, warnings), options);
      const { nullable: _nullable, ...parameters } = rendered.output;
      if (parameters.type !== 'OBJECT') {
        throw new TypeError(`The parameters of tool "${tool.name}" are not an object schema`);
      }
      declaration.parameters = parameters;
      warnings.push(...rendered.warnings);
    }
    return declaration;
  },
};

/**
 * A Gemini function declaration for one tool. The result shares no object with the input: the JS SDK rewrites
 * `parameters` in place, and the manifest must stay as it is.
 */
export function renderGeminiDeclaration(
  tool: DeclaredTool,
  options: GeminiDeclarationOptions = {},
): RenderResult<GeminiFunctionDeclaration> {
  return renderTool(geminiDeclaration, tool, options);
}

/** {@link renderGeminiDeclaration} without the list: the warnings go to `onWarning`. */
export const toGeminiDeclaration = /* @__PURE__ */ outputOf(renderGeminiDeclaration);

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
