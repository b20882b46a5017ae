import type { RenderWarning, RenderWarningCode } from '@toolwright/core';
import { IconSchema, ToolAnnotationsSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';

/** What an McpToolbox reports: what the declarations could not say, and what of the server's list it could not use. */
export interface McpWarning extends Omit<RenderWarning, 'code'> {
  /**
   * A render code, or `tool-skipped` (a tool/list entry that cannot be called: no name, a name seen before, an
   * input schema that is not an object schema; `tool` is then the server's name) or `field-dropped` (a field of a
   * usable tool that breaks the spec, such as a description that is not text, was left out).
   */
  code: RenderWarningCode | 'tool-skipped' | 'field-dropped' | 'pattern-unchecked';
}

/**
 * A tools/list page with its entries unchecked. The SDK's `listTools` parses the page as a whole, so one broken tool
 * fails the list (and with it `connectMcp`); each entry is read here by `readToolEntries` instead.
 */
export const ToolsPageSchema = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

/**
 * The usable tools of a tools/list answer: each entry that can be called becomes a `Tool`, with fields that break the
 * spec left out; an entry that cannot be called is skipped. A warning says what was left out, and why.
 */
export function readToolEntries(entries: readonly unknown[]): { tools: Tool[]; warnings: McpWarning[] } {
  const tools: Tool[] = [];
  const warnings: McpWarning[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const named = isRecord(entry) && typeof entry.name === 'string' && entry.name !== '' ? entry.name : undefined;
    const skip = (why: string): void => {
      warnings.push({
        code: 'tool-skipped',
        path: '',
        message: `${named === undefined ? `entry ${index} of tools/list` : `tool "${named}"`} was left out: ${why}`,
        ...(named === undefined ? {} : { tool: named }),
      });
    };
    if (!isRecord(entry)) {
      skip(`it is ${describeValue(entry)}, not a tool object`);
      continue;
    }
    if (named === undefined) {
      skip(`its name is ${describeValue(entry.name)}, not a non-empty string`);
      continue;
    }
    if (seen.has(named)) {
      skip('the server lists a tool of that name before it');
      continue;
    }
    const problem = inputSchemaProblem(entry.inputSchema);
    if (problem) {
      skip(problem);
      continue;
    }
    seen.add(named);
    const drop = (field: string, why: string) =>
      warnings.push({
        code: 'field-dropped',
        path: `/${field}`,
        message: `${field} of tool "${named}" was left out: ${why}`,
        tool: named,
      });
    const tool: Tool = {
      name: named,
      inputSchema: { ...(entry.inputSchema as Record<string, unknown>), type: 'object' } as Tool['inputSchema'],
    };
    for (const field of ['title', 'description'] as const) {
      if (entry[field] === undefined) continue;
      if (typeof entry[field] === 'string') tool[field] = entry[field];
      else drop(field, `it is ${describeValue(entry[field])}, not a string`);
    }
    if (entry.outputSchema !== undefined) {
      const outputProblem = objectSchemaProblem(entry.outputSchema);
      if (outputProblem) drop('outputSchema', `${outputProblem}; structured results are passed on unchecked`);
      else tool.outputSchema = entry.outputSchema as Tool['outputSchema'];
    }
    if (entry.annotations !== undefined) {
      const annotations = ToolAnnotationsSchema.safeParse(entry.annotations);
      if (annotations.success) tool.annotations = annotations.data;
      else drop('annotations', 'they are not the hints the spec defines');
    }
    if (entry._meta !== undefined) {
      if (isRecord(entry._meta)) tool._meta = entry._meta;
      else drop('_meta', `it is ${describeValue(entry._meta)}, not an object`);
    }
    if (entry.icons !== undefined) {
      const icons = z.array(IconSchema).safeParse(entry.icons);
      if (icons.success) tool.icons = icons.data;
      else drop('icons', 'they are not a list of icons as the spec defines them (src, mimeType, sizes, theme)');
    }
    tools.push(tool);
  }
  return { tools, warnings };
}

function inputSchemaProblem(schema: unknown): string | undefined {
  // A schema with no `type` but object keywords is taken as the object schema it clearly is.
  const problem = objectSchemaProblem(schema, true);
  return problem && `its inputSchema ${problem.replace(/^it /, '')}`;
}

/** Why a schema cannot be a tool's object schema (the MCP spec's `type: "object"` root), or undefined. */
function objectSchemaProblem(schema: unknown, typeOptional = false): string | undefined {
  if (!isRecord(schema)) return `it is ${describeValue(schema)}, not a JSON Schema object`;
  if (schema.type !== 'object' && !(typeOptional && schema.type === undefined)) {
    return `it has type ${JSON.stringify(schema.type) ?? 'undefined'}, where the spec asks for "object"`;
  }
  const { properties, required } = schema;
  if (
    properties !== undefined &&
    (!isRecord(properties) ||
      !Object.values(properties).every((value) => isRecord(value) || typeof value === 'boolean'))
  ) {
    return 'it has properties that are not a map of schemas';
  }
  if (required !== undefined && !(Array.isArray(required) && required.every((key) => typeof key === 'string'))) {
    return 'it has a required list that is not a list of names';
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)?.slice(0, 40)}`;
}
