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

/** ajv's error for a `type` keyword whose type is one name: `verboseError` with what follows from that name. */
export function typeError(
  instancePath: string,
  schemaPath: string,
  type: string,
  parentSchema: { type?: unknown },
  data: unknown,
) {
  const message = `must be ${type}`;
  return verboseError(instancePath, schemaPath, 'type', { type }, message, parentSchema.type, parentSchema, data);
}

/** ajv's error for a property `required` names that the data lacks. */
export function requiredError(
  instancePath: string,
  schemaPath: string,
  missingProperty: unknown,
  parentSchema: { required?: unknown },
  data: unknown,
) {
  const message = `must have required property '${String(missingProperty)}'`;
  const params = { missingProperty };
  return verboseError(instancePath, schemaPath, 'required', params, message, parentSchema.required, parentSchema, data);
}

/** ajv's error for a property that `additionalProperties: false` does not allow. */
export function additionalPropertyError(
  instancePath: string,
  schemaPath: string,
  additionalProperty: unknown,
  parentSchema: unknown,
  data: unknown,
) {
  const message = 'must NOT have additional properties';
  const params = { additionalProperty };
  return verboseError(instancePath, schemaPath, 'additionalProperties', params, message, false, parentSchema, data);
}

/** ajv's error for a value that is none of an `enum`'s values. */
export function enumError(instancePath: string, schemaPath: string, parentSchema: { enum?: unknown }, data: unknown) {
  const values = parentSchema.enum;
  const message = 'must be equal to one of the allowed values';
  return verboseError(instancePath, schemaPath, 'enum', { allowedValues: values }, message, values, parentSchema, data);
}
