import { isJsonExact } from '../discover/constant.js';
import { FileScopeMemo } from '../program/file-scope.js';
import { ts } from '../program/typescript.js';

/**
 * The JSON value of a default initializer when it is known at build time: literals, negative numbers, `null`,
 * arrays and objects of those, and constants or enum members of a literal type. Undefined otherwise (the
 * parameter is still optional; the default just is not shown to the model).
 */
export function staticDefault(expression: ts.Expression, checker: ts.TypeChecker): { value: unknown } | undefined {
  const found = literalDefault(expression, checker);
  // A value JSON cannot carry exactly (-0, 1e400, a bigint past 2^53) is not declared: the Toolbox would hand the
  // method the JSON value instead, where, left out, the method's own default gives the exact one.
  return found && isJsonExact(found.value) ? found : undefined;
}

function literalDefault(expression: ts.Expression, checker: ts.TypeChecker): { value: unknown } | undefined {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return { value: expression.text };
  if (ts.isNumericLiteral(expression)) return { value: numericValue(expression) };
  if (ts.isBigIntLiteral(expression)) return { value: bigintValue(expression) };
  if (expression.kind === ts.SyntaxKind.TrueKeyword) return { value: true };
  if (expression.kind === ts.SyntaxKind.FalseKeyword) return { value: false };
  if (expression.kind === ts.SyntaxKind.NullKeyword) return { value: null };
  if (
    ts.isParenthesizedExpression(expression) ||
    ts.isAsExpression(expression) ||
    ts.isSatisfiesExpression(expression)
  ) {
    return literalDefault(expression.expression, checker);
  }
  if (ts.isPrefixUnaryExpression(expression)) {
    const operand = expression.operand;
    const value = ts.isNumericLiteral(operand)
      ? numericValue(operand)
      : ts.isBigIntLiteral(operand)
        ? bigintValue(operand)
        : undefined;
    if (value === undefined) return undefined;
    // A bigint has no -0: `-0n` is 0n.
    if (expression.operator === ts.SyntaxKind.MinusToken)
      return { value: ts.isBigIntLiteral(operand) ? 0 - value : -value };
    if (expression.operator === ts.SyntaxKind.PlusToken && ts.isNumericLiteral(operand)) return { value };
    return undefined;
  }
  if (ts.isArrayLiteralExpression(expression)) {
    const values: unknown[] = [];
    for (const element of expression.elements) {
      const item = literalDefault(element, checker);
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
      if (!ts.isIdentifier(nameNode) && !ts.isStringLiteral(nameNode) && !ts.isNumericLiteral(nameNode))
        return undefined;
      const item = literalDefault(property.initializer, checker);
      if (!item) return undefined;
      Object.defineProperty(value, ts.isIdentifier(nameNode) ? nameNode.getText() : nameNode.text, {
        value: item.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return { value };
  }
  if (ts.isIdentifier(expression) || ts.isPropertyAccessExpression(expression)) {
    // A constant or an enum member whose type is a single literal.
    const scope = fileScopeOfDefault(expression);
    const value = () => literalValue(enumMemberType(expression, checker) ?? checker.getTypeAtLocation(expression));
    return scope ? byFileScope.get(checker, scope, expression.getText(scope), value) : value();
  }
  return undefined;
}

function literalValue(type: ts.Type): { value: unknown } | undefined {
  if (type.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral))
    return { value: (type as ts.LiteralType).value };
  if (type.flags & ts.TypeFlags.BooleanLiteral)
    return { value: (type as { intrinsicName?: string }).intrinsicName === 'true' };
  if (type.flags & ts.TypeFlags.Null) return { value: null };
  return undefined;
}

/**
 * The type of `E.Member`, a member of an enum (through imports): its symbol's type, which is the expression's. Asking
 * for the expression's type checks it, and checking marks the import referenced and resolves its module again: that
 * was a third of the CPU gen spent on defaults (100 of them on 1,000 tools: 25 of 30 ms).
 */
function enumMemberType(expression: ts.Expression, checker: ts.TypeChecker): ts.Type | undefined {
  if (!ts.isPropertyAccessExpression(expression) || !ts.isIdentifier(expression.expression)) return undefined;
  let owner = checker.getSymbolAtLocation(expression.expression);
  if (owner && owner.flags & ts.SymbolFlags.Alias) owner = checker.getAliasedSymbol(owner);
  if (!owner || !(owner.flags & ts.SymbolFlags.Enum) || !ts.isIdentifier(expression.name)) return undefined;
  const member = owner.exports?.get(expression.name.escapedText);
  return member && member.flags & ts.SymbolFlags.EnumMember ? checker.getTypeOfSymbol(member) : undefined;
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
  if (
    !ts.isMethodDeclaration(method) ||
    !ts.isClassDeclaration(method.parent) ||
    !ts.isSourceFile(method.parent.parent)
  )
    return undefined;
  const name = first.text;
  if (method.parameters.some((other) => !ts.isIdentifier(other.name) || other.name.text === name)) return undefined;
  return method.parent.parent;
}

/**
 * A numeric literal's value as JavaScript reads it. The compiler gives its text in a normal form (`0x1F` is "31",
 * `1_000` is "1000", `.5` is "0.5", `1e21` is "1e+21"), which Number reads exactly as the literal.
 */
function numericValue(literal: ts.NumericLiteral): number {
  return Number(literal.text);
}

/** A bigint literal (`10n`, `0xFFn`) as a number, NaN when a number cannot hold it exactly (so not declared). */
function bigintValue(literal: ts.BigIntLiteral): number {
  const value = BigInt(literal.text.slice(0, -1));
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : Number.NaN;
}
