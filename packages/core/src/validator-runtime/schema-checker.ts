import type { JsonSchema } from '../json-schema.js';
import { compileChecker, type PatternEngine } from '../schema-checker/compile-checker.js';
import { SCHEMA_CHECKER, type SchemaChecker } from '../schema-checker/marker.js';

/**
 * The schema checker with these formats (ajv-formats' `fullFormats`, which gen-tools passes where a schema names a
 * format): validators that report exactly ajv's errors, made from the schema when first needed, with no code made
 * from strings and no code per tool in the bundle but the boolean `accept` tests gen-tools writes. `patterns`: what
 * tests a `pattern` (`linearRegExp` from `@toolwright/core/linear-regexp`, which gen-tools passes where a schema has
 * one).
 */
export function schemaChecker(
  formats: Readonly<Record<string, unknown>> = {},
  patterns?: PatternEngine,
): SchemaChecker {
  return new Checker(formats, patterns, undefined);
}

/**
 * A class, so that a module of many tools (`checker.accepting(function (d) {...})`, ...) makes one small object per
 * tool. Made by a pure call, because its marker is set after it: a bundle that takes no checker then leaves it out.
 */
const Checker = /* @__PURE__ */ checkerClass();

function checkerClass() {
  class Checker implements SchemaChecker {
    declare readonly [SCHEMA_CHECKER]: true;

    constructor(
      private readonly formats: Readonly<Record<string, unknown>>,
      private readonly patterns: PatternEngine | undefined,
      readonly accept: SchemaChecker['accept'],
    ) {}

    compile(schema: JsonSchema) {
      return compileChecker(schema, this.formats, this.patterns);
    }

    accepting(accept: (data: unknown) => boolean): SchemaChecker {
      return new Checker(this.formats, this.patterns, accept);
    }
  }
  Object.defineProperty(Checker.prototype, SCHEMA_CHECKER, { value: true });
  return Checker;
}
