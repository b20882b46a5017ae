import type { DiagnosticCode } from '../../diagnostic-codes.js';
import type { JsonSchema } from '@toolwright/core';
import type { ts } from '../../program/typescript.js';
import { readValidation } from '../class-validator.js';
import { constantValue, isJsonExact, UNKNOWN } from '../../discover/constant.js';

/** What a class field adds to its property: class-validator constraints, and its initializer as `default`. */
export interface ClassField {
  schema: JsonSchema;
  /** Whether the property may be left out: undefined when the field does not say. */
  optional: boolean | undefined;
  /** The field has class-validator decorators: the Toolbox runs class-validator on the class. */
  validates: boolean;
}

/**
 * Fields and constructor parameter properties (`constructor(public size = 10)`) of a class: their class-validator
 * decorators as constraints (`@IsOptional()` makes the property optional, `@IsDefined()` required), and an
 * initializer makes the property optional, with its value as `default` when it is known at build time.
 */
export function classField(
  declaration: ts.PropertyDeclaration | ts.ParameterDeclaration,
  schema: JsonSchema,
  checker: ts.TypeChecker,
  warn: (code: DiagnosticCode, message: string) => void,
): ClassField {
  let optional: boolean | undefined;
  let validates = false;
  const validation = readValidation(declaration, checker);
  if (validation) {
    validates = true;
    schema = validation.apply(schema, warn);
    if (validation.optional) optional = true;
    if (validation.defined) optional = false;
  }
  if (declaration.initializer) {
    // class-transformer builds with `new Class()`, so the initializer stays when the property is left out.
    optional = true;
    const value = constantValue(declaration.initializer, checker);
    if (value !== UNKNOWN && !(value instanceof RegExp) && isJsonExact(value)) schema = { ...schema, default: value };
  }
  return { schema, optional, validates };
}
