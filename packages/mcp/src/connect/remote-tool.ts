import type { Icon } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchema, ObjectJsonSchema, ToolAnnotations } from '@toolwright/core';

/** One tool of an MCP server as an McpToolbox holds it. */
export interface RemoteTool {
  /** The name the model sees: Gemini-safe, with the prefix. */
  readonly name: string;
  /** The name on the server. */
  readonly remoteName: string;
  readonly title?: string;
  readonly description?: string;
  /** The server's `inputSchema` as it sent it. */
  readonly inputSchema: Record<string, unknown>;
  /** What the declarations are rendered from: the input schema cleaned for Gemini, argument names made safe. */
  readonly parameters: ObjectJsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly annotations?: ToolAnnotations;
  /** The server's `_meta` for the tool, as it sent it (an object). */
  readonly meta?: Readonly<Record<string, unknown>>;
  /** The tool's icons, as the server listed them. */
  readonly icons?: readonly Icon[];
  /** Safe argument name -> the server's name, for the arguments the declarations had to rename. */
  readonly renamedArguments: ReadonlyMap<string, string>;
}
