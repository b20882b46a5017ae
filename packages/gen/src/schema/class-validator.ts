import type { DiagnosticCode } from '../diagnostic-codes.js';
import { linearPatternProblem } from '@toolwright/core/linear-regexp';
import type { JsonSchema } from '@toolwright/core';
import { ts } from '../program/typescript.js';
import { constantValue, enumValues, UNKNOWN } from '../discover/constant.js';
import { constrain, constrainItems, describeTypes, jsonTypes, makeInteger } from './constrain.js';

/** What the class-validator decorators on one DTO property say. */
export interface PropertyValidation {
  /** `@IsOptional()`: the property may be left out. */
  optional: boolean;
  /** `@IsDefined()`: the property must be given, even if its type allows undefined. */
  defined: boolean;
  /** Constraints to add to the property's schema, in decorator order. */
  apply: (schema: JsonSchema, warn: (code: DiagnosticCode, message: string) => void) => JsonSchema;
}

/** One decorator call, resolved to the package and the name it was declared with. */
interface DecoratorCall {
  module: 'class-validator' | 'class-transformer';
  name: string;
  args: readonly ts.Expression[];
}

/**
 * Reads class-validator decorators from a property declaration, syntactically (they leave no trace in types).
 * Returns undefined when the property has none. Aliased and namespace imports are resolved through the checker.
 */
export function readValidation(declaration: ts.Node, checker: ts.TypeChecker): PropertyValidation | undefined {
  if (!ts.canHaveDecorators(declaration)) return undefined;
  const decorators = ts.getDecorators(declaration);
  if (!decorators) return undefined;
  const calls: DecoratorCall[] = [];
  for (const decorator of decorators) {
    const call = resolveDecorator(decorator, checker);
    if (call?.module === 'class-validator') calls.push(call);
  }
  if (calls.length === 0) return undefined;
  return {
    optional: calls.some((call) => call.name === 'IsOptional'),
    defined: calls.some((call) => call.name === 'IsDefined'),
    apply: (schema, warn) => {
      let result = schema;
      for (const call of calls) result = applyDecorator(result, call, checker, warn);
      return result;
    },
  };
}

function resolveDecorator(decorator: ts.Decorator, checker: ts.TypeChecker): DecoratorCall | undefined {
  const expression = decorator.expression;
  const callee = ts.isCallExpression(expression) ? expression.expression : expression;
  const args = ts.isCallExpression(expression) ? expression.arguments : [];
  const nameNode = ts.isPropertyAccessExpression(callee) ? callee.name : ts.isIdentifier(callee) ? callee : undefined;
  if (!nameNode) return undefined;
  let symbol = checker.getSymbolAtLocation(nameNode);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const file = symbol?.declarations?.[0]?.getSourceFile().fileName.replace(/\\/g, '/');
  if (!symbol || !file) return undefined;
  const module = file.includes('/class-validator/')
    ? 'class-validator'
    : file.includes('/class-transformer/')
      ? 'class-transformer'
      : undefined;
  return module ? { module, name: symbol.name, args } : undefined;
}

/** `{ each: true }` in the decorator's validation options: the rule is for each item of an array. */
function isEach(args: readonly ts.Expression[], checker: ts.TypeChecker): boolean {
  const last = args[args.length - 1];
  if (!last || !ts.isObjectLiteralExpression(last)) return false;
  const options = constantValue(last, checker);
  return typeof options === 'object' && options !== null && (options as { each?: unknown }).each === true;
}

type Rule = (
  args: readonly ts.Expression[],
  checker: ts.TypeChecker,
) => [keyword: keyof JsonSchema & string, value: unknown][] | string;

function numberArg(index: number, keyword: keyof JsonSchema & string): Rule {
  return (args, checker) => {
    const arg = args[index];
    const value = arg ? constantValue(arg, checker) : UNKNOWN;
    return typeof value === 'number' && Number.isFinite(value)
      ? [[keyword, value]]
      : `argument ${index + 1} is not a constant number`;
  };
}

const fixed =
  (...pairs: [keyof JsonSchema & string, unknown][]): Rule =>
  () =>
    pairs;

const RULES: Record<string, Rule> = {
  IsEmail: fixed(['format', 'email']),
  IsUUID: fixed(['format', 'uuid']),
  IsUrl: fixed(['format', 'uri']),
  IsDateString: fixed(['format', 'date-time']),
  IsISO8601: fixed(['format', 'date-time']),
  IsIP: fixed(['format', 'ipv4']),
  IsFQDN: fixed(['format', 'hostname']),
  Min: numberArg(0, 'minimum'),
  Max: numberArg(0, 'maximum'),
  IsPositive: fixed(['exclusiveMinimum', 0]),
  IsNegative: fixed(['exclusiveMaximum', 0]),
  MinLength: numberArg(0, 'minLength'),
  MaxLength: numberArg(0, 'maxLength'),
  Length: (args, checker) => {
    const min = args[0] ? constantValue(args[0], checker) : UNKNOWN;
    const max = args[1] ? constantValue(args[1], checker) : undefined;
    if (typeof min !== 'number') return 'argument 1 is not a constant number';
    if (max !== undefined && typeof max !== 'number') return 'argument 2 is not a constant number';
    return max === undefined
      ? [['minLength', min]]
      : [
          ['minLength', min],
          ['maxLength', max],
        ];
  },
  ArrayMinSize: numberArg(0, 'minItems'),
  ArrayMaxSize: numberArg(0, 'maxItems'),
  ArrayNotEmpty: fixed(['minItems', 1]),
  ArrayUnique: fixed(['uniqueItems', true]),
  IsNotEmpty: fixed(['minLength', 1]),
  IsAlpha: fixed(['pattern', '^[A-Za-z]+$']),
  IsAlphanumeric: fixed(['pattern', '^[A-Za-z0-9]+$']),
  IsNumberString: fixed(['pattern', '^-?\\d+(\\.\\d+)?$']),
  IsLatitude: fixed(['minimum', -90], ['maximum', 90]),
  IsLongitude: fixed(['minimum', -180], ['maximum', 180]),
  Matches: (args, checker) => {
    const pattern = args[0] ? constantValue(args[0], checker) : UNKNOWN;
    const modifiers = args[1] && !ts.isObjectLiteralExpression(args[1]) ? constantValue(args[1], checker) : '';
    const source = pattern instanceof RegExp ? pattern.source : typeof pattern === 'string' ? pattern : undefined;
    const flags = (pattern instanceof RegExp ? pattern.flags : '') + (typeof modifiers === 'string' ? modifiers : '');
    if (source === undefined) return 'argument 1 is not a constant regular expression';
    if (/[^gu]/.test(flags)) return `the flags "${flags}" have no JSON Schema equivalent`;
    const problem = linearPatternProblem(source);
    if (problem) return problem;
    return [['pattern', source]];
  },
  IsIn: (args, checker) => {
    const values = args[0] ? constantValue(args[0], checker) : UNKNOWN;
    return Array.isArray(values) ? [['enum', values]] : 'argument 1 is not a constant array';
  },
  IsEnum: (args, checker) => {
    const values = args[0] ? enumValues(args[0], checker) : undefined;
    return values ? [['enum', values]] : 'argument 1 is not an enum or a constant object';
  },
};

function applyDecorator(
  schema: JsonSchema,
  call: DecoratorCall,
  checker: ts.TypeChecker,
  warn: (code: DiagnosticCode, message: string) => void,
): JsonSchema {
  const each = isEach(call.args, checker);
  if (call.name === 'IsInt') {
    const next = each
      ? schema.type === 'array' && schema.items
        ? makeIntegerItems(schema)
        : undefined
      : makeInteger(schema);
    if (!next) warn('TW4503', `has @IsInt(), which applies to numbers, and the type is ${describeTypes(schema)}`);
    return next ?? schema;
  }
  // Other decorators (@IsString, @ValidateNested, ...) say nothing the type does not, or act only at run time.
  const rule = RULES[call.name];
  if (!rule) return schema;
  const pairs = rule(call.args, checker);
  if (typeof pairs === 'string') {
    warn('TW4503', `has @${call.name}(...), which is left out of the schema: ${pairs}`);
    return schema;
  }
  let result = schema;
  for (const [keyword, value] of pairs) {
    if (call.name === 'IsNotEmpty' && !each && !jsonTypes(result)?.has('string')) {
      continue; // on anything but a string it only says "present", which `required` says already
    }
    const next = each ? constrainItems(result, keyword, value) : constrain(result, keyword, value);
    if (!next) {
      warn('TW4503', `has @${call.name}(), which does not apply to ${describeTypes(result)}`);
      continue;
    }
    result = next;
  }
  return result;
}

function makeIntegerItems(schema: JsonSchema): JsonSchema | undefined {
  const items = schema.items ? makeInteger(schema.items) : undefined;
  return items ? { ...schema, items } : undefined;
}
