/**
 * Type mapping for gen-tools: TypeScript types (through the checker) and JSDoc to the manifest's JSON Schema.
 *
 * Choices that hold everywhere:
 * - One literal is a one-value `enum` with its `type` (`'a'` is `{ type: 'string', enum: ['a'] }`), like a
 *   literal union, so that every flavor (Gemini `parameters` has no `const`) can carry it.
 * - Unions of different JSON types are `anyOf`, never a type list (Gemini rejects type lists);
 *   `T | null` is `anyOf: [T, { type: 'null' }]` with the null branch last, members of a union flattened into it.
 * - Object types with properties (interfaces, type literals, classes, mapped and utility results) are closed,
 *   `additionalProperties: false`, as TypeScript's excess property checks reject what they do not declare
 *   (Gemini's `parameters` renderer in core drops the keyword). An intersection is mapped as one merged object,
 *   closed over the properties of all its members; each member of a union of objects is closed on its own. An
 *   empty type (`{}`) takes any object and stays open. Index signatures and `Record<string, T>` set
 *   `additionalProperties` to the value schema (`true` for any). A tool's `parameters` object is closed too and
 *   declares `$schema` (draft 2020-12), as does `returns` (see describe-tool.ts).
 * - Classes keep data properties only (no methods, accessors, function-valued fields, private, protected or
 *   `#private` members); a field initializer makes the property optional with that value as `default`.
 *   `Record<string, never>` is `additionalProperties: false`; optional `never` properties are left out.
 * - Union members and enum values come in written order (where the union is written, or its alias), literals
 *   grouped by type; template literal types are strings with one anchored `pattern` that accepts what the checker
 *   accepts (`${number}` is what `+s` reads as finite, pieces split at the first occurrence of the text after them;
 *   see template-literal.ts), `Uppercase<string>` and its friends an ASCII letter-case pattern.
 * - Properties come in the checker's order: own properties as declared, then inherited ones.
 * - Recursive types go to `$defs` under readable names (`Tree`, `Page_User`), `_2` added on a clash; only named
 *   types head a cycle, so `Tree[]` is an array of `{ $ref: Tree }`. Revivals inside them cover the first level.
 * - JSDoc schema tags apply on properties, on type aliases where they are written (`type Percent = number`), and
 *   (through `applyDocTags`) on parameters; bad values, and bounds no value meets (`@minimum 5 @maximum 1`), are
 *   warnings, never exceptions.
 * - A type TypeScript cannot resolve (a missing import) is an error, not a silent `any`.
 */
export { SCHEMA_DIALECT } from './contract.js';
export type { SchemaBuilder, SchemaBuilderOptions, TypeSchema } from './contract.js';
export { createSchemaBuilder } from './builder.js';
export { applyDocTags, docTagsOf, type DocTag } from './doc-tags.js';
