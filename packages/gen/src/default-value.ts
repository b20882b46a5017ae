import { FileScopeMemo } from './file-scope.js';
import { ts } from './ts-morph.js';

/**
 * The JSON value of a default initializer when it is known at build time: literals, negative numbers, `null`,
 * arrays and objects of those, and constants or enum members of a literal type. Undefined otherwise (the
 * parameter is still optional; the default just is not shown to the model).
 */
export function staticDefault(expression: ts.Expression, checker: ts.TypeChecker): { value: unknown } | undefined {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return { value: expression.text };
  if (ts.isNumericLiteral(expression)) return { value: numericValue(expression) };
  if (expression.kind === ts.SyntaxKind.TrueKeyword) return { value: true };
  if (expression.kind === ts.SyntaxKind.FalseKeyword) return { value: false };
  if (expression.kind === ts.SyntaxKind.NullKeyword) return { value: null };
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression)) {
    return staticDefault(expression.expression, checker);
  }
  if (ts.isPrefixUnaryExpression(expression)) {
    const operand = expression.operand;
    if (ts.isNumericLiteral(operand) && expression.operator === ts.SyntaxKind.MinusToken) return { value: -numericValue(operand) };
    if (ts.isNumericLiteral(operand) && expression.operator === ts.SyntaxKind.PlusToken) return { value: numericValue(operand) };
    return undefined;
  }
  if (ts.isArrayLiteralExpression(expression)) {
    const values: unknown[] = [];
    for (const element of expression.elements) {
      const item = staticDefault(element, checker);
      if (!item) return undefined;
      values.push(item.value);
    }
    return { value: values };
  }
  if (ts.isObjectLiteralExpression(expression)) {
    const value: Record<string, unknown> = {};
    for (const property of expression.properties) {
      if (!ts.isPropertyAssignment(property)) return undefined;
      const nameNode = property.name;
      if (!ts.isIdentifier(nameNode) && !ts.isStringLiteral(nameNode) && !ts.isNumericLiteral(nameNode)) return undefined;
      const item = staticDefault(property.initializer, checker);
      if (!item) return undefined;
      value[ts.isIdentifier(nameNode) ? nameNode.getText() : nameNode.text] = item.value;
    }
    return { value };
  }
  if (ts.isIdentifier(expression) || ts.isPropertyAccessExpression(expression)) {
    // A constant or an enum member whose type is a single literal.
    const scope = fileScopeOfDefault(expression);
    const value = () => literalValue(checker.getTypeAtLocation(expression));
    return scope ? byFileScope.get(checker, scope, expression.getText(scope), value) : value();
  }
  return undefined;
}

function literalValue(type: ts.Type): { value: unknown } | undefined {
  if (type.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral)) return { value: (type as ts.LiteralType).value };
  if (type.flags & ts.TypeFlags.BooleanLiteral) return { value: (type as { intrinsicName?: string }).intrinsicName === 'true' };
  if (type.flags & ts.TypeFlags.Null) return { value: null };
  return undefined;
}

/** The values of default expressions looked up in their file's scope, by their text. */
const byFileScope = new FileScopeMemo<{ value: unknown } | undefined>();

/**
 * The file when a default value (`Priority.Normal`, `LIMIT`) names something of its file's scope: it is the default
 * of a parameter of a method of a top-level class, and no parameter of that method has its first name.
 */
function fileScopeOfDefault(expression: ts.Identifier | ts.PropertyAccessExpression): ts.SourceFile | undefined {
  let first: ts.Expression = expression;
  while (ts.isPropertyAccessExpression(first)) first = first.expression;
  if (!ts.isIdentifier(first)) return undefined;
  const parameter = expression.parent;
  if (!ts.isParameter(parameter) || parameter.initializer !== expression) return undefined;
  const method = parameter.parent;
  if (!ts.isMethodDeclaration(method) || !ts.isClassDeclaration(method.parent) || !ts.isSourceFile(method.parent.parent)) return undefined;
  const name = first.text;
  if (method.parameters.some((other) => !ts.isIdentifier(other.name) || other.name.text === name)) return undefined;
  return method.parent.parent;
}

/** A numeric literal's value as written in decimal (`1.5`, `10`); other forms (`0x1F`) read as their digits do. */
function numericValue(literal: ts.NumericLiteral): number {
  const text = literal.text;
  return text.includes('.') ? parseFloat(text) : parseInt(text, 10);
}
