import { ts } from '../program/typescript.js';
import type { ToolAnnotations } from '@toolwright/core';
import type { Report } from '../diagnostics.js';
import { constantValue } from './constant.js';

/** What gen-tools can read from `@tool({ ... })` without running it. */
export interface StaticToolOptions {
  name?: string;
  description?: string;
  /** The decorator brings its own `parameters` schema, which replaces the introspected one at bind time. */
  manualParameters: boolean;
  /** That schema, where it is written out as a constant (JSON Schema or a Gemini schema): what the model will see. */
  manualSchema?: Record<string, unknown>;
  /** The `annotations` whose values are literals (the Toolbox applies the decorator's own object at bind time). */
  annotations?: ToolAnnotations;
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
    report(
      argument,
      'TW2502',
      '@tool() options are not an object literal: gen-tools cannot read its name or description',
    );
    return options;
  }
  for (const property of argument.properties) {
    if (ts.isSpreadAssignment(property)) {
      report(property, 'TW2503', 'spread in @tool() options: gen-tools reads only the properties written out');
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
          'TW2504',
          '@tool() option parameters is not a constant gen-tools can read (a zod schema, a computed value): the ' +
            "manifest keeps the introspected schema, and the Toolbox declares the option's schema at bind time",
        );
      }
      continue;
    }
    if (key === 'annotations' && ts.isPropertyAssignment(property)) {
      const annotations = readAnnotations(property.initializer, checker, report);
      if (annotations) options.annotations = annotations;
    }
    if (!(READ_AS_TEXT as readonly string[]).includes(key)) continue;
    const valueNode = ts.isPropertyAssignment(property) ? property.initializer : property.name;
    const type = checker.getTypeAtLocation(valueNode);
    if (type.flags & ts.TypeFlags.StringLiteral) {
      options[key as (typeof READ_AS_TEXT)[number]] = (type as ts.StringLiteralType).value;
    } else {
      report(
        valueNode,
        'TW2505',
        `@tool() option ${key} is not a string literal: the manifest keeps the introspected ${key}, the Toolbox ` +
          'applies this one at bind time',
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

const ANNOTATION_FLAGS = new Set(['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);

/**
 * `annotations: { title: '...', readOnlyHint: true, ... }`: the values that are constants (literals, `const`s), each
 * other one with a warning.
 */
function readAnnotations(node: ts.Expression, checker: ts.TypeChecker, report: Report): ToolAnnotations | undefined {
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    node = node.expression;
  if (!ts.isObjectLiteralExpression(node)) {
    report(
      node,
      'TW2506',
      '@tool() option annotations is not an object literal: the manifest leaves it out, the Toolbox applies it ' +
        'at bind time',
    );
    return undefined;
  }
  const out: Record<string, string | boolean> = {};
  for (const property of node.properties) {
    if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) {
      report(property, 'TW2503', 'annotations: gen-tools reads only properties written out');
      continue;
    }
    const key = property.name.getText();
    const valueNode = ts.isPropertyAssignment(property) ? property.initializer : property.name;
    const value = constantValue(valueNode, checker);
    if (key === 'title' && typeof value === 'string') out.title = value;
    else if (ANNOTATION_FLAGS.has(key) && typeof value === 'boolean') out[key] = value;
    else if (key === 'title' || ANNOTATION_FLAGS.has(key)) {
      report(
        valueNode,
        'TW2506',
        `annotations.${key} is not a literal: the manifest leaves it out, the Toolbox applies it at bind time`,
      );
    } else
      report(
        property.name,
        'TW2007',
        `unknown tool annotation "${key}" (known: title, ${[...ANNOTATION_FLAGS].join(', ')})`,
      );
  }
  return Object.keys(out).length ? (out as ToolAnnotations) : undefined;
}
