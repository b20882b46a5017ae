import { ts } from './ts-morph.js';
import type { Report } from './schema/contract.js';

/** What gen-tools can read from `@tool({ ... })` without running it. */
export interface StaticToolOptions {
  name?: string;
  description?: string;
  /** The decorator brings its own `parameters` schema, which replaces the introspected one at bind time. */
  manualParameters: boolean;
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
    if (key === 'parameters') options.manualParameters = true;
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
