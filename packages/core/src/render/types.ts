import type { JsonSchema, ObjectJsonSchema } from '../json-schema.js';

/** What every renderer takes: one tool as the model should see it. */
export interface DeclaredTool {
  name: string;
  description?: string;
  parameters: ObjectJsonSchema;
}

/**
 * The type names of Gemini's OpenAPI 3.0 schema subset. Declared as an enum named `Type` with the values of
 * `@google/genai`'s `Type` (a type only: it emits nothing) because TypeScript relates two enums of the same name
 * member by member: so a rendered declaration is assignable to the SDK's `FunctionDeclaration` with no cast and with
 * no dependency on the SDK. The values are plain strings at run time; compare them with string literals.
 */
export declare enum Type {
  STRING = 'STRING',
  NUMBER = 'NUMBER',
  INTEGER = 'INTEGER',
  BOOLEAN = 'BOOLEAN',
  ARRAY = 'ARRAY',
  OBJECT = 'OBJECT',
  NULL = 'NULL',
}
export type GeminiType = Type;

/**
 * A schema in Gemini's OpenAPI 3.0 subset (the `parameters` field of a function declaration). Only these keywords
 * exist there; anything else is a 400 from the API. Counts are int64 and so strings, as in `@google/genai`'s `Schema`.
 */
export interface GeminiSchema {
  type?: GeminiType;
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  enum?: string[];
  items?: GeminiSchema;
  properties?: Record<string, GeminiSchema>;
  required?: string[];
  propertyOrdering?: string[];
  anyOf?: GeminiSchema[];
  minItems?: string;
  maxItems?: string;
  minLength?: string;
  maxLength?: string;
  minProperties?: string;
  maxProperties?: string;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
  example?: unknown;
}

/** A Gemini function declaration: `parameters` and `parametersJsonSchema` are mutually exclusive. */
export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  parameters?: GeminiSchema;
  parametersJsonSchema?: JsonSchema;
}

/** Why a rendered schema says less than the manifest's schema (the Toolbox still validates against the original). */
export type RenderWarningCode =
  /** A `$ref` cycle was unrolled to the depth limit; deeper levels are an open schema. */
  | 'recursion-truncated'
  /** A tuple became an array whose items may be any of the positions' types. */
  | 'tuple-loosened'
  /** `additionalProperties` (a record, an index signature) cannot be expressed; it became a description note. */
  | 'additional-properties'
  /** An `enum` or `const` of non-strings cannot be expressed; it became a description note. */
  | 'enum-loosened'
  /** A constraint keyword the target lacks (exclusive bounds, multipleOf, uniqueItems, ...); a description note. */
  | 'constraint-loosened'
  /** A keyword the target lacks and that carries no constraint, or one that is unknown, was left out. */
  | 'keyword-dropped'
  /** `oneOf` became `anyOf` (exclusivity is lost). */
  | 'one-of-as-any-of'
  /** `allOf` branches were merged into one schema. */
  | 'all-of-merged'
  /** A union at the top level became one object whose properties are the union of the branches' properties. */
  | 'root-union-flattened'
  /** A value of any type cannot be expressed exactly; it became the closest the target has. */
  | 'any-loosened'
  /** `required` named a property that is not declared; it was left out. */
  | 'required-unknown'
  /** OpenAI strict mode: an optional property became required and nullable (`null` means absent). */
  | 'optional-as-nullable'
  /** A name breaks the target's naming rules; the target will likely reject it. */
  | 'name-invalid'
  /** The schema is larger than the target allows (OpenAI strict mode: nesting, properties, enum values). */
  | 'limit-exceeded';

export interface RenderWarning {
  code: RenderWarningCode;
  /** JSON Pointer to the node in the rendered schema, e.g. `/properties/tags/items`; `''` is the root. */
  path: string;
  message: string;
  /** The tool's name, when the warning comes from rendering a whole tool. */
  tool?: string;
}

/** What every renderer takes: `onWarning` of a `toX` hears what the output could not say exactly. */
export interface RenderOptions {
  onWarning?: (warning: RenderWarning) => void;
}

/** What every `renderX` returns: the target's object and the list of what it could not say exactly. */
export interface RenderResult<T> {
  output: T;
  warnings: RenderWarning[];
}

/**
 * The `toX` form of a `renderX`: the output alone, each warning handed to `onWarning`. Every renderer has both
 * forms; they differ in nothing else. Its module-level calls are marked `@__PURE__`, so that a bundler leaves out
 * the renderers an app does not use (a call at module level is otherwise kept, and with it the renderer).
 */
export function outputOf<Input, Options extends RenderOptions, T>(
  render: (input: Input, options?: Options) => RenderResult<T>,
): (input: Input, options?: Options) => T {
  return (input, options) => {
    const { output, warnings } = render(input, options);
    if (options?.onWarning) for (const warning of warnings) options.onWarning(warning);
    return output;
  };
}
