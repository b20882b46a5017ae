import { ts } from './ts-morph.js';
import type { Report } from './schema/contract.js';
import { constantValue } from './schema/constant.js';

/** What gen-tools can read from `@tool({ ... })` without running it. */
export interface StaticToolOptions {
  name?: string;
  description?: string;
  /** The decorator brings its own `parameters` schema, which replaces the introspected one at bind time. */
  manualParameters: boolean;
  /** That schema, where it is written out as a constant (JSON Schema or a Gemini schema): what the model will see. */
  manualSchema?: Record<string, unknown>;
}

const READ_AS_TEXT = ['name', 'description'] as const;

/**
 * Reads `name` and `description` where they are string literals (or constants of a literal type). Anything else
 * is left to the Toolbox, which merges the runtime options at bind time; a warning says the manifest may differ.
 */
export function readToolOptions(decorator: ts.Decorator, checker: ts.TypeChecker, report: Report): StaticToolOptions {
  const options: StaticToolOptions = { manualParameters: false };
  let expression: ts.Expression = decorator.expression;
  while (ts.isParenthesizedExpression(expression)) expression = expression.expression;
  const [argument] = ts.isCallExpression(expression) ? expression.arguments : [];
  if (argument === undefined) return options;
  if (!ts.isObjectLiteralExpression(argument)) {
    report(argument, 'warning', '@tool() options are not an object literal: gen-tools cannot read its name or description');
    return options;
  }
  for (const property of argument.properties) {
    if (ts.isSpreadAssignment(property)) {
      report(property, 'warning', 'spread in @tool() options: gen-tools reads only the properties written out');
      continue;
    }
    if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) continue;
    const key = property.name.getText();
    if (key === 'parameters') {
      options.manualParameters = true;
      const valueNode = ts.isPropertyAssignment(property) ? property.initializer : property.name;
      const value = constantValue(valueNode, checker);
      if (isJsonObject(value)) options.manualSchema = value;
      else {
        report(
          valueNode,
          'warning',
          '@tool() option parameters is not a constant gen-tools can read (a zod schema, a computed value): the manifest keeps the introspected schema, and the Toolbox declares the option\'s schema at bind time',
        );
      }
      continue;
    }
    if (!(READ_AS_TEXT as readonly string[]).includes(key)) continue;
    const valueNode = ts.isPropertyAssignment(property) ? property.initializer : property.name;
    const type = checker.getTypeAtLocation(valueNode);
    if (type.flags & ts.TypeFlags.StringLiteral) {
      options[key as (typeof READ_AS_TEXT)[number]] = (type as ts.StringLiteralType).value;
    } else {
      report(
        valueNode,
        'warning',
        `@tool() option ${key} is not a string literal: the manifest keeps the introspected ${key}, the Toolbox applies this one at bind time`,
      );
    }
  }
  return options;
}

/** A plain JSON object all the way down (no RegExp, no unknown part). */
function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && isJson(value);
}

function isJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(isJson);
}
