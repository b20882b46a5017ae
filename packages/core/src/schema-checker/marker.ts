import type { JsonSchema } from '../json-schema.js';
import type { PrecompiledValidator } from '../toolbox/types.js';

/** Marks a SchemaChecker among a manifest's `validators`, where everything else is a validator. */
export const SCHEMA_CHECKER: unique symbol = Symbol.for('toolwright.schemaChecker') as never;

/**
 * How a tool's arguments are checked without code made from strings: as an entry of a manifest's `validators`
 * (gen-tools --validators writes one for every tool whose schema it takes), it has the Toolbox make the tool's
 * validator from its validation schema (`validationSchema(parameters)`) on the tool's first call. `accept`, where
 * given (gen-tools writes one per tool), says whether a value is valid at the speed of compiled code; the checker
 * reports the errors where it says no.
 */
export interface SchemaChecker {
  readonly [SCHEMA_CHECKER]: true;
  /** The validator of `schema`: ajv's errors, in ajv's order. Throws for a schema it does not take. */
  compile(schema: JsonSchema): PrecompiledValidator;
  readonly accept: ((data: unknown) => boolean) | undefined;
  /** This checker with `accept` as the fast test of validity (written for the strict schema). */
  accepting(accept: (data: unknown) => boolean): SchemaChecker;
}

export function isSchemaChecker(value: unknown): value is SchemaChecker {
  return typeof value === 'object' && value !== null && (value as Partial<SchemaChecker>)[SCHEMA_CHECKER] === true;
}
