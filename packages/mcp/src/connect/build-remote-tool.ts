import {
  cleanForeignSchema,
  toGeminiDeclaration,
  type GeminiFunctionDeclaration,
  type JsonSchema,
  type ObjectJsonSchema,
} from '@toolwright/core';
import { linearPatternProblem } from '@toolwright/core/linear-regexp';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { RemoteTool } from './remote-tool.js';
import type { McpWarning } from './tool-entries.js';
import { parameterNames } from './tool-names.js';

/** A server's schema for a tool, checked here; `usable` turns false when it does not compile. */
export interface SchemaCheck {
  schema: ObjectJsonSchema;
  usable: boolean;
}

/** How a remote tool's arguments (and structured results, where it declares an output schema) are checked. */
export interface Validation {
  input: SchemaCheck;
  output?: SchemaCheck;
}

/**
 * One listed tool as the model sees it (`name`: Gemini-safe, prefixed), with what checks its calls. Argument names
 * Gemini refuses are renamed, each with a warning; what the cleaning of its schema lost goes to `warnings` too.
 */
export function buildRemoteTool(
  tool: Tool,
  name: string,
  warnings: McpWarning[],
): { remote: RemoteTool; validation: Validation } {
  const cleaned = cleanForeignSchema(tool.inputSchema);
  warnings.push(...cleaned.warnings.map((warning) => ({ ...warning, tool: name })));
  const renamed = parameterNames(Object.keys(cleaned.output.properties));
  for (const [original, safe] of renamed) {
    warnings.push({
      code: 'name-invalid',
      path: `/properties/${original}`,
      message: `argument "${original}" is declared as "${safe}"`,
      tool: name,
    });
  }
  const original = new Map([...renamed].map(([from, to]) => [to, from]));
  const description = tool.description ?? tool.title;
  const remote: RemoteTool = Object.freeze({
    name,
    remoteName: tool.name,
    ...(tool.title !== undefined ? { title: tool.title } : {}),
    ...(description !== undefined ? { description } : {}),
    inputSchema: tool.inputSchema as Record<string, unknown>,
    parameters: renameRoot(cleaned.output, renamed),
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema as JsonSchema } : {}),
    ...(tool.annotations ? { annotations: definedFields(tool.annotations) } : {}),
    ...(tool._meta ? { meta: tool._meta } : {}),
    ...(tool.icons ? { icons: tool.icons } : {}),
    renamedArguments: original,
  });
  const { $schema: _schema, $id: _id, ...rest } = tool.inputSchema as Record<string, unknown>;
  const checked = withoutBacktrackingPatterns({ ...rest, type: 'object' }, '', name, warnings) as ObjectJsonSchema;
  const input = { schema: renameRoot(checked, renamed), usable: true };
  const output = tool.outputSchema && { schema: tool.outputSchema as ObjectJsonSchema, usable: true };
  return { remote, validation: output ? { input, output } : { input } };
}

/** The tool's Gemini declaration; what cannot be declared is said in `warnings`, and the tool declared without it. */
export function declareRemoteTool(
  tool: RemoteTool,
  dialect: 'openapi' | 'json-schema',
  warnings: McpWarning[],
): GeminiFunctionDeclaration {
  const declared = {
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    parameters: tool.parameters,
  };
  try {
    // The warnings count only for a declaration made whole.
    const found: McpWarning[] = [];
    const output = toGeminiDeclaration(declared, {
      dialect,
      inlineRefs: true,
      onWarning: (warning) => found.push(warning),
    });
    warnings.push(...found);
    return output;
  } catch (error) {
    const message =
      `the arguments cannot be declared (${error instanceof Error ? error.message : String(error)}): declared ` +
      'without them';
    warnings.push({ code: 'keyword-dropped', path: '', message, tool: tool.name });
    return { name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}) };
  }
}

/** Top-level property names replaced by their safe names (in `properties` and `required`). */
function renameRoot(schema: ObjectJsonSchema, renamed: ReadonlyMap<string, string>): ObjectJsonSchema {
  if (renamed.size === 0) return schema;
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, value]) => [renamed.get(key) ?? key, value]),
  );
  const out: ObjectJsonSchema = { ...schema, properties };
  if (Array.isArray(schema.required)) out.required = schema.required.map((key) => renamed.get(key) ?? key);
  return out;
}

/** The fields that hold a value: the SDK's types allow `undefined` where ours leave a field out. */
function definedFields<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/**
 * The server's schema with each pattern that RE2 cannot test in linear time left out, each with a warning: the
 * server chooses the pattern and the model the text, and a backtracking engine can take minutes on one call
 * (`^(a+)+$` on 28 characters). A `pattern` is dropped; so is a `patternProperties` entry, and with it the node's
 * `additionalProperties` and `unevaluatedProperties`, which would otherwise refuse what the entry let through. The
 * schema checks less here; the server still checks its own arguments.
 */
function withoutBacktrackingPatterns(node: unknown, path: string, tool: string, warnings: McpWarning[]): unknown {
  if (Array.isArray(node))
    return node.map((item, i) => withoutBacktrackingPatterns(item, `${path}/${i}`, tool, warnings));
  if (typeof node !== 'object' || node === null) return node;
  const warn = (at: string, problem: string) =>
    warnings.push({
      code: 'pattern-unchecked',
      path: at,
      message: `${problem}: not checked here, the server checks it`,
      tool,
    });
  const out: Record<string, unknown> = {};
  const entries = Object.entries(node);
  const keyProblems = patternKeyProblems((node as { patternProperties?: unknown }).patternProperties);
  for (const [key, value] of entries) {
    if (key === 'pattern' && typeof value === 'string') {
      const problem = linearPatternProblem(value);
      if (problem) {
        warn(`${path}/pattern`, problem);
        continue;
      }
    }
    if (keyProblems.size > 0 && (key === 'additionalProperties' || key === 'unevaluatedProperties')) continue;
    let kept = value;
    if (key === 'patternProperties' && keyProblems.size > 0) {
      kept = Object.fromEntries(Object.entries(value as object).filter(([source]) => !keyProblems.has(source)));
      for (const [source, problem] of keyProblems) warn(`${path}/patternProperties/${pointerSegment(source)}`, problem);
    }
    Object.defineProperty(out, key, {
      value: withoutBacktrackingPatterns(kept, `${path}/${key}`, tool, warnings),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** The `patternProperties` keys RE2 cannot test, with why. */
function patternKeyProblems(patternProperties: unknown): Map<string, string> {
  const problems = new Map<string, string>();
  if (typeof patternProperties !== 'object' || patternProperties === null || Array.isArray(patternProperties))
    return problems;
  for (const source of Object.keys(patternProperties)) {
    const problem = linearPatternProblem(source);
    if (problem) problems.set(source, problem);
  }
  return problems;
}

const pointerSegment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
