import type { JsonSchema, Revival } from '@toolwright/core';
import type { Report } from '../diagnostics.js';
import type { ts } from '../program/typescript.js';

/** The JSON Schema dialect of `parameters` and `returns`, declared at their top (tuples use `prefixItems`). */
export const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * The seam between tool discovery (which finds methods and parameters) and type mapping (which turns a
 * parameter's type into JSON Schema). One builder serves one tool, so `$defs` belong to that tool's schema.
 */
export interface TypeSchema {
  schema: JsonSchema;
  /** How the Toolbox turns the JSON value into the declared type; absent when plain JSON is the type. */
  revive?: Revival;
}

export interface SchemaBuilderOptions {
  /** The folder of the tsconfig: `Revival.file` paths are relative to it. */
  projectDir: string;
  report: Report;
  /** The checker of the program the types and nodes come from. */
  checker: ts.TypeChecker;
  /**
   * Whether a problem found in a nested declaration (a JSDoc tag on a property) may be reported where it is
   * written; when not (a file outside the project), it is reported at the parameter. Default: always.
   */
  isProjectFile?: (fileName: string) => boolean;
}

export interface SchemaBuilder {
  /**
   * Maps `type` as declared at `node` (a parameter, property or type node: used for diagnostics, for the
   * declared syntax such as the `Integer` alias, and for JSDoc on the declaration). Problems go to `report`;
   * an unsupported type yields `{}` after an error is reported. JSDoc tags of a parameter are not read here: the
   * caller applies them with `applyDocTags`. Schemas may share nested objects between calls (a cache per type):
   * the top-level object is the caller's own, but copy before changing anything below it.
   */
  typeSchema(type: ts.Type, node: ts.Node): TypeSchema;
  /** Definitions of the recursive types met so far (`#/$defs/Name`), for the tool's `parameters.$defs`. */
  definitions(): Record<string, JsonSchema> | undefined;
}
