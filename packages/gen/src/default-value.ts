import { Node, SyntaxKind, type Expression } from './ts-morph.js';

/**
 * The JSON value of a default initializer when it is known at build time: literals, negative numbers, `null`,
 * arrays and objects of those, and constants or enum members of a literal type. Undefined otherwise (the
 * parameter is still optional; the default just is not shown to the model).
 */
export function staticDefault(expression: Expression): { value: unknown } | undefined {
  if (Node.isStringLiteral(expression) || Node.isNoSubstitutionTemplateLiteral(expression)) {
    return { value: expression.getLiteralText() };
  }
  if (Node.isNumericLiteral(expression)) return { value: expression.getLiteralValue() };
  if (Node.isTrueLiteral(expression)) return { value: true };
  if (Node.isFalseLiteral(expression)) return { value: false };
  if (Node.isNullLiteral(expression)) return { value: null };
  if (Node.isParenthesizedExpression(expression) || Node.isAsExpression(expression) || Node.isSatisfiesExpression(expression)) {
    return staticDefault(expression.getExpression());
  }
  if (Node.isPrefixUnaryExpression(expression)) {
    const operand = expression.getOperand();
    const operator = expression.getOperatorToken();
    if (Node.isNumericLiteral(operand) && operator === SyntaxKind.MinusToken) return { value: -operand.getLiteralValue() };
    if (Node.isNumericLiteral(operand) && operator === SyntaxKind.PlusToken) return { value: operand.getLiteralValue() };
    return undefined;
  }
  if (Node.isArrayLiteralExpression(expression)) {
    const values: unknown[] = [];
    for (const element of expression.getElements()) {
      const item = staticDefault(element);
      if (!item) return undefined;
      values.push(item.value);
    }
    return { value: values };
  }
  if (Node.isObjectLiteralExpression(expression)) {
    const value: Record<string, unknown> = {};
    for (const property of expression.getProperties()) {
      if (!Node.isPropertyAssignment(property)) return undefined;
      const nameNode = property.getNameNode();
      if (!Node.isIdentifier(nameNode) && !Node.isStringLiteral(nameNode) && !Node.isNumericLiteral(nameNode)) return undefined;
      const item = staticDefault(property.getInitializerOrThrow());
      if (!item) return undefined;
      value[Node.isIdentifier(nameNode) ? nameNode.getText() : nameNode.getLiteralText()] = item.value;
    }
    return { value };
  }
  if (Node.isIdentifier(expression) || Node.isPropertyAccessExpression(expression)) {
    // A constant or an enum member whose type is a single literal.
    const type = expression.getType();
    if (type.isStringLiteral() || type.isNumberLiteral()) return { value: type.getLiteralValue() };
    if (type.isBooleanLiteral()) return { value: type.getText() === 'true' };
    if (type.isNull()) return { value: null };
  }
  return undefined;
}
