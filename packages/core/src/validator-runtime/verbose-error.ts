/**
 * An ajv error object with its verbose fields, as ajv's validators write it as a literal: gen-tools --validators
 * writes a call of this instead (the same object, a third of the code; see gen's emit/compact-validators.ts).
 */
export function verboseError(
  instancePath: string,
  schemaPath: string,
  keyword: string,
  params: Record<string, unknown>,
  message: string | undefined,
  schema: unknown,
  parentSchema: unknown,
  data: unknown,
) {
  return { instancePath, schemaPath, keyword, params, message, schema, parentSchema, data };
}
