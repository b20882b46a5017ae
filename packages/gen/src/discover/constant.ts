import { ts } from '../program/typescript.js';

/** Marks an expression whose value cannot be known at build time. */
export const UNKNOWN = Symbol('unknown constant');

/**
 * The value of a constant expression, as far as build time can know it: literals, arrays, object literals,
 * regular expressions, negative numbers, enum members and `const` variables (followed across imports).
 */
export function constantValue(expression: ts.Expression, checker: ts.TypeChecker, depth = 0): unknown {
  if (depth > 8) return UNKNOWN;
  const next = (inner: ts.Expression): unknown => constantValue(inner, checker, depth + 1);
  if (
    ts.isParenthesizedExpression(expression) ||
    ts.isAsExpression(expression) ||
    ts.isSatisfiesExpression(expression)
  ) {
    return next(expression.expression);
  }
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return expression.text;
  if (ts.isNumericLiteral(expression)) return Number(expression.text);
  if (expression.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (expression.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (expression.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isRegularExpressionLiteral(expression)) {
    const text = expression.text;
    const end = text.lastIndexOf('/');
    try {
      return new RegExp(text.slice(1, end), text.slice(end + 1));
    } catch {
      return UNKNOWN;
    }
  }
  if (ts.isPrefixUnaryExpression(expression) && expression.operator === ts.SyntaxKind.MinusToken) {
    const value = next(expression.operand);
    return typeof value === 'number' ? -value : UNKNOWN;
  }
  if (ts.isArrayLiteralExpression(expression)) {
    const values: unknown[] = [];
    for (const element of expression.elements) {
      if (ts.isSpreadElement(element)) {
        const spread = next(element.expression);
        if (!Array.isArray(spread)) return UNKNOWN;
        values.push(...(spread as unknown[]));
        continue;
      }
      const value = next(element);
      if (value === UNKNOWN) return UNKNOWN;
      values.push(value);
    }
    return values;
  }
  if (ts.isObjectLiteralExpression(expression)) {
    const value: Record<string, unknown> = {};
    for (const property of expression.properties) {
      if (!ts.isPropertyAssignment(property) || ts.isComputedPropertyName(property.name)) return UNKNOWN;
      const item = next(property.initializer);
      if (item === UNKNOWN) return UNKNOWN;
      value[property.name.text] = item;
    }
    return value;
  }
  if (ts.isPropertyAccessExpression(expression) || ts.isElementAccessExpression(expression)) {
    const enumValue = checker.getConstantValue(expression);
    if (enumValue !== undefined) return enumValue;
    if (ts.isPropertyAccessExpression(expression)) {
      const owner = next(expression.expression);
      if (owner && typeof owner === 'object' && !Array.isArray(owner) && Object.hasOwn(owner, expression.name.text)) {
        return (owner as Record<string, unknown>)[expression.name.text];
      }
    }
  }
  if (ts.isIdentifier(expression) || ts.isPropertyAccessExpression(expression)) {
    let symbol = checker.getSymbolAtLocation(ts.isIdentifier(expression) ? expression : expression.name);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.valueDeclaration;
    if (declaration && ts.isEnumMember(declaration)) return checker.getConstantValue(declaration) ?? UNKNOWN;
    if (
      declaration &&
      ts.isVariableDeclaration(declaration) &&
      declaration.initializer &&
      ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const
    ) {
      return next(declaration.initializer);
    }
    const type = checker.getTypeAtLocation(expression);
    if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
  }
  return UNKNOWN;
}

/** The values of an enum, or of an object used as one (`const Color = { Red: 'red' } as const`), in order. */
export function enumValues(expression: ts.Expression, checker: ts.TypeChecker): unknown[] | undefined {
  let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(expression) ? expression.name : expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const enumDeclaration = symbol?.declarations?.find(ts.isEnumDeclaration);
  if (enumDeclaration) {
    const values: unknown[] = [];
    for (const member of enumDeclaration.members) {
      const value = checker.getConstantValue(member);
      if (value === undefined) return undefined;
      values.push(value);
    }
    return values;
  }
  const value = constantValue(expression, checker);
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RegExp)) {
    return Object.values(value);
  }
  return undefined;
}

/** JSON holds the value as JavaScript does: no -0, NaN or infinity anywhere in it. */
export function isJsonExact(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isJsonExact);
  if (typeof value === 'object' && value !== null) return Object.values(value).every(isJsonExact);
  return true;
}
