import { closestNames } from '@toolwright/core';
import type { LiteralReader } from './literal-reader.js';
import type { ParserRepair, ParserTool, ReplyItem } from './parsed-reply.js';
import type { Repair } from './read-signals.js';
import { problem, type TextSlices } from './reply-items.js';
import { convertScalars } from './scalar-coercion.js';

/** Gemma's documented calls name the tools as attributes of a module (`default_api.get_weather(...)`). */
const MODULE_PREFIX = 'default_api.';
/** Llama 3.1 calls its built-in tools as `brave_search.call(query="...")`. */
const CALL_SUFFIX = '.call';

/** The tools a reply may call, and how what the model wrote becomes a call or a problem for the model. */
export class KnownTools {
  private readonly tools = new Map<string, ParserTool>();

  constructor(tools: readonly (string | ParserTool)[] | undefined) {
    for (const tool of tools ?? []) {
      const entry = typeof tool === 'string' ? { name: tool } : tool;
      this.tools.set(entry.name, entry);
    }
  }

  /** Whether a tool list was given: then unknown names are problems, and bare JSON must name a known tool. */
  get listed(): boolean {
    return this.tools.size > 0;
  }

  /**
   * The tool's name as written, or without Gemma's `default_api.` or Llama's `.call` when only that names a tool.
   */
  resolve(name: string): string {
    if (this.tools.has(name)) return name;
    const bare = name.startsWith(MODULE_PREFIX) ? name.slice(MODULE_PREFIX.length) : name;
    if (bare.endsWith(CALL_SUFFIX) && this.tools.has(bare.slice(0, -CALL_SUFFIX.length)))
      return bare.slice(0, -CALL_SUFFIX.length);
    return bare;
  }

  has(name: string): boolean {
    return this.tools.has(this.resolve(name));
  }

  /** Whether some tool's name (or `default_api.` and it) starts with `start`: a stream waits to see the rest. */
  hasPrefix(start: string): boolean {
    const bare = start.startsWith(MODULE_PREFIX) ? start.slice(MODULE_PREFIX.length) : start;
    for (const name of this.tools.keys())
      if (name.startsWith(bare) || (bare.startsWith(name) && CALL_SUFFIX.startsWith(bare.slice(name.length))))
        return true;
    // `default_api.` itself, written so far.
    return start.length < MODULE_PREFIX.length && this.tools.size > 0 && MODULE_PREFIX.startsWith(start);
  }

  /** The schema of one parameter of a tool, if its schema says. */
  parameterSchema(name: string, key: string): Record<string, unknown> | undefined {
    const properties = this.tools.get(this.resolve(name))?.schema?.properties;
    if (!properties || typeof properties !== 'object' || !Object.hasOwn(properties, key)) return undefined;
    const schema = (properties as Record<string, unknown>)[key];
    return schema && typeof schema === 'object' ? (schema as Record<string, unknown>) : undefined;
  }

  parameters(name: string): readonly string[] | undefined {
    return this.tools.get(this.resolve(name))?.parameters;
  }

  /** A `{name, arguments}` object, or a list of them. */
  jsonCalls(value: unknown, reader: LiteralReader, at: number, repair: ParserRepair | undefined): ReplyItem[] {
    const repairs: Array<Repair | ParserRepair> = [...reader.repairs];
    if (repair) repairs.push(repair);
    const list = Array.isArray(value) ? value : [value];
    if (list.length === 0) return [problem('unparsable', reader, at, reader.pos, 'an empty list of calls')];
    return list.map((entry) => {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
        return problem(
          'not-an-object',
          reader,
          at,
          reader.pos,
          'a call must be an object {"name": ..., "arguments": {...}}',
        );
      }
      const call = entry as Record<string, unknown>;
      if (typeof call.name !== 'string' || call.name === '') {
        return problem('unparsable', reader, at, reader.pos, 'the call has no "name"');
      }
      let args: unknown =
        'arguments' in call ? call.arguments : 'parameters' in call ? call.parameters : 'args' in call ? call.args : {};
      const own = [...repairs];
      if (typeof args === 'string') {
        try {
          args = args.trim() === '' ? {} : JSON.parse(args);
          own.push('arguments-as-string');
        } catch {
          return problem('unparsable', reader, at, reader.pos, '"arguments" is a string that is not JSON', call.name);
        }
      }
      return this.callItem(call.name, args, at, reader.pos, reader, own);
    });
  }

  /** A call of a known tool with object arguments (scalars converted by its schema), or the problem with it. */
  callItem(
    written: string,
    args: unknown,
    start: number,
    end: number,
    text: TextSlices,
    repairs: Array<Repair | ParserRepair>,
  ): ReplyItem {
    const name = this.resolve(written);
    if (this.listed && !this.tools.has(name)) {
      const closest = closestNames(name, this.tools.keys());
      const hint = closest.length ? ` Did you mean ${closest.map((candidate) => `"${candidate}"`).join(' or ')}?` : '';
      const item = problem(
        'unknown-tool',
        text,
        start,
        end,
        `there is no tool named "${name}".${hint} Available tools: ${[...this.tools.keys()].join(', ')}`,
        name,
      );
      item.closest = closest;
      return item;
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      return problem(
        'not-an-object',
        text,
        start,
        end,
        `the arguments of "${name}" must be an object of named values`,
        name,
      );
    }
    const typed = args as Record<string, unknown>;
    if (convertScalars(typed, this.tools.get(name)?.schema)) repairs.push('scalar-from-string');
    return { kind: 'call', name, args: typed, text: text.slice(start, end), start, end, repairs };
  }
}
