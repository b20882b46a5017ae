import type { FunctionDeclaration } from '@google/genai';
import { declarationText } from './declaration-text.js';
import { FORMATS } from './formats.js';
import type { CallFormat } from './parsed-reply.js';

export interface ToolPromptOptions {
  format: CallFormat;
  /** Replaces the built-in how-to-call text (the tool list follows it, or stands where it says `{tools}`). */
  instructions?: string;
  /** The final turn of a run: calls are off, and the prompt says so instead of listing the tools. */
  final?: boolean;
}

/**
 * The tools block of the prompt: how to call in the format, one worked example built from the first tool, and the
 * tools themselves, from the same declarations native calling sends.
 */
export function toolPrompt(declarations: readonly FunctionDeclaration[], options: ToolPromptOptions): string {
  const syntax = FORMATS[options.format];
  if (options.final) return `# Tools\n${syntax.toolsOff}`;
  const tools = declarations.map(declarationText).join('\n');
  const example = declarations[0];
  const call = example ? syntax.call(example.name ?? 'tool', exampleArguments(example)) : syntax.call('tool_name', {});
  const result = syntax.results([{ index: 1, name: example?.name ?? 'tool_name', response: { output: '...' } }]);
  const howTo = (options.instructions ?? syntax.howTo).replaceAll('{call}', call).replaceAll('{result}', result);
  if (howTo.includes('{tools}')) return `# Tools\n${howTo.replaceAll('{tools}', tools)}`;
  return `# Tools\n${howTo}\n\nAvailable tools:\n${tools}`;
}

/** Plausible arguments for the example: each required parameter (or the first one) with a value of its type. */
function exampleArguments(declaration: FunctionDeclaration): Record<string, unknown> {
  const schema = (declaration.parametersJsonSchema ?? declaration.parameters ?? {}) as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const names = required.length ? required : Object.keys(properties).slice(0, 1);
  const args: Record<string, unknown> = {};
  for (const name of names) if (properties[name]) args[name] = exampleValue(properties[name]!, 0);
  return args;
}

function exampleValue(schema: Record<string, unknown>, depth: number): unknown {
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ('example' in schema) return schema.example;
  const variants = (schema.anyOf ?? schema.oneOf) as Array<Record<string, unknown>> | undefined;
  if (Array.isArray(variants) && variants[0]) return exampleValue(variants[0], depth + 1);
  const type = String(Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? 'string')).toLowerCase();
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  if (type === 'array') return [];
  if (type === 'object') {
    if (depth > 2) return {};
    const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    return Object.fromEntries(
      required.filter((name) => properties[name]).map((name) => [name, exampleValue(properties[name]!, depth + 1)]),
    );
  }
  // A description's own example ('City and region, e.g. "Boston, MA".') beats a made-up one.
  const given = typeof schema.description === 'string' ? /e\.g\.,?\s*"([^"]{1,60})"/.exec(schema.description) : null;
  if (given) return given[1];
  if (schema.format === 'date-time') return '2025-01-31T09:00:00Z';
  if (schema.format === 'date') return '2025-01-31';
  return 'text';
}
