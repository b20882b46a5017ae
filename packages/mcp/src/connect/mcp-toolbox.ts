import {
  checkArguments,
  DEFAULT_MAX_MEDIA_SIZE,
  unknownToolPayload,
  type CallOptions,
  type FunctionCallLike,
  type FunctionResponsePart,
  type GeminiFunctionDeclaration,
  type ToolErrorPayload,
} from '@toolwright/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { countOption } from '../count-option.js';
import { buildRemoteTool, declareRemoteTool, type Validation } from './build-remote-tool.js';
import type { RemoteAnswer } from './call-result.js';
import {
  CLIENT_INFO,
  DEFAULT_MAX_PAGES,
  DEFAULT_MAX_RESULT_SIZE,
  DEFAULT_MAX_TOOLS,
  DEFAULT_TIMEOUT_MS,
  matchesFilter,
  sdkTimeout,
  type ConnectMcpOptions,
} from './connect-options.js';
import { listToolEntries, type ListLimits } from './list-tools.js';
import { McpConnection } from './mcp-connection.js';
import { checkStructuredOutput } from './output-check.js';
import { callRemote, describe } from './remote-call.js';
import type { RemoteTool } from './remote-tool.js';
import { capAnswer } from './result-cap.js';
import type { HttpTarget, StdioTarget } from './targets.js';
import { readToolEntries, type McpWarning } from './tool-entries.js';
import { localNames } from './tool-names.js';

/**
 * An MCP server's tools as a Toolbox the Agent takes (genai's `ToolboxLike`): declarations cleaned for Gemini,
 * calls validated, time-limited and cancellable, results capped and turned into function responses. `call` never
 * throws: a crashed or restarted server is reconnected (a child respawned, an HTTP session re-initialized) and the
 * call sent once more; what still fails comes back as `{ error }`.
 */
export class McpToolbox {
  readonly #options: ConnectMcpOptions;
  readonly #connection: McpConnection;
  readonly #listLimits: ListLimits;
  readonly #maxResultSize: number;
  readonly #maxMediaSize: number;
  #tools = new Map<string, RemoteTool>();
  #list: readonly RemoteTool[] = [];
  #validation = new WeakMap<RemoteTool, Validation>();
  #declarations = new Map<string, GeminiFunctionDeclaration[]>();
  #warnings: McpWarning[] = [];
  #refreshing: Promise<void> | undefined;

  /** Use `connectMcp`. `target` undefined: the client is the caller's, and is neither reconnected nor closed. */
  constructor(client: Client, target: StdioTarget | HttpTarget | undefined, options: ConnectMcpOptions) {
    this.#options = options;
    this.#listLimits = {
      maxPages: countOption('connectMcp', 'maxPages', options.maxPages, DEFAULT_MAX_PAGES),
      maxTools: countOption('connectMcp', 'maxTools', options.maxTools, DEFAULT_MAX_TOOLS),
      timeoutMs: sdkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    };
    this.#maxResultSize = countOption('connectMcp', 'maxResultSize', options.maxResultSize, DEFAULT_MAX_RESULT_SIZE);
    this.#maxMediaSize = countOption('connectMcp', 'maxMediaSize', options.maxMediaSize, DEFAULT_MAX_MEDIA_SIZE);
    this.#connection = new McpConnection(client, target, options.clientInfo ?? CLIENT_INFO, () => {
      void this.refresh().catch(() => {});
    });
  }

  /** The tools as the model sees them, in the server's order (a new array after each refresh). */
  tools(): readonly RemoteTool[] {
    return this.#list;
  }

  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** What the declarations could not say as the server did, and the tools and fields of its list left out. */
  get warnings(): readonly McpWarning[] {
    return this.#warnings;
  }

  /** The server's name and version, from `initialize`. */
  get serverInfo(): { name: string; version: string } | undefined {
    return this.#connection.client?.getServerVersion();
  }

  /** Gemini declarations, `parameters` (default) or `parametersJsonSchema`; fresh objects on each call. */
  declarations(options: { dialect?: 'openapi' | 'json-schema' } = {}): GeminiFunctionDeclaration[] {
    const dialect = options.dialect ?? 'openapi';
    let rendered = this.#declarations.get(dialect);
    if (!rendered) {
      rendered = this.#list.map((tool) => declareRemoteTool(tool, dialect, []));
      this.#declarations.set(dialect, rendered);
    }
    return structuredClone(rendered);
  }

  /**
   * Lists the server's tools again (every page, within `maxPages`, `maxTools` and `timeoutMs`). Runs by itself when
   * the server says its list changed. A refresh that fails keeps the tools listed before.
   */
  refresh(): Promise<void> {
    this.#refreshing ??= this.#load().finally(() => (this.#refreshing = undefined));
    return this.#refreshing;
  }

  /** Runs one call from the model. Never throws. */
  async call(call: FunctionCallLike, options: CallOptions = {}): Promise<FunctionResponsePart> {
    const id = typeof call?.id === 'string' ? call.id : undefined;
    const name = typeof call?.name === 'string' ? call.name : '';
    const tool = this.#tools.get(name);
    if (!tool) return respond(id, name, { response: { error: unknownToolPayload(name, [...this.#tools.keys()]) } });
    const validation = this.#validation.get(tool)!;
    const checked = await checkInput(tool.name, validation, call.args);
    if ('error' in checked) return respond(id, name, { response: { error: checked.error } });
    let args = checked.args;
    if (tool.renamedArguments.size > 0) {
      args = {};
      for (const [key, value] of Object.entries(checked.args)) args[tool.renamedArguments.get(key) ?? key] = value;
    }
    const answer = await callRemote(this.#connection, tool, args, options, {
      timeoutMs: this.#options.timeoutMs,
      retry: this.#options.retry !== false,
      checkResult: (result) => checkStructuredOutput(tool.name, validation.output, result),
    });
    return respond(id, name, capAnswer(answer, this.#maxResultSize, this.#maxMediaSize));
  }

  /** Ends the connection; a child process started for it is ended too. The caller's own Client is left open. */
  close(): Promise<void> {
    return this.#connection.close();
  }

  async #load(): Promise<void> {
    const client = await this.#connection.connected();
    this.#install(await listToolEntries(client, this.#listLimits, this.#connection.stepUp));
  }

  #install(entries: readonly unknown[]): void {
    const { include, exclude, prefix } = this.#options;
    const read = readToolEntries(entries);
    const wanted = (name: string) =>
      (include ? matchesFilter(include, name) : true) && !(exclude && matchesFilter(exclude, name));
    const kept = read.tools.filter((tool) => wanted(tool.name));
    const names = localNames(
      kept.map((tool) => tool.name),
      prefix,
    );
    // What is said of a tool the filters leave out is noise; a kept tool is named as the model sees it.
    const warnings: McpWarning[] = read.warnings
      .filter((warning) => warning.tool === undefined || wanted(warning.tool))
      .map((warning) => (warning.code === 'field-dropped' ? { ...warning, tool: names.get(warning.tool!)! } : warning));
    const tools: RemoteTool[] = [];
    const validation = new WeakMap<RemoteTool, Validation>();
    for (const tool of kept) {
      const toolWarnings: McpWarning[] = [];
      try {
        const built = buildRemoteTool(tool, names.get(tool.name)!, toolWarnings);
        declareRemoteTool(built.remote, 'openapi', toolWarnings);
        tools.push(built.remote);
        validation.set(built.remote, built.validation);
        warnings.push(...toolWarnings);
      } catch (error) {
        const message = `tool "${tool.name}" was left out: its inputSchema cannot be read (${describe(error)})`;
        warnings.push({ code: 'tool-skipped', path: '', message, tool: tool.name });
      }
    }
    this.#list = Object.freeze(tools);
    this.#tools = new Map(tools.map((tool) => [tool.name, tool]));
    this.#validation = validation;
    this.#declarations.clear();
    this.#warnings = warnings;
    if (this.#options.onWarning) for (const warning of warnings) this.#options.onWarning(warning);
  }
}

/** The arguments checked against the server's input schema; a schema that does not compile leaves it to the server. */
async function checkInput(
  toolName: string,
  validation: Validation,
  args: unknown,
): Promise<{ args: Record<string, unknown> } | { error: ToolErrorPayload }> {
  const input = validation.input;
  if (input.usable) {
    try {
      return await checkArguments(toolName, input.schema, args);
    } catch {
      input.usable = false; // the server's schema does not compile: the server judges the arguments
    }
  }
  return checkArguments(toolName, { type: 'object', properties: {} }, args);
}

function respond(id: string | undefined, name: string, answer: RemoteAnswer): FunctionResponsePart {
  const functionResponse: FunctionResponsePart['functionResponse'] =
    id === undefined ? { name, response: answer.response } : { id, name, response: answer.response };
  if (answer.parts) functionResponse.parts = answer.parts;
  return { functionResponse };
}
