import {
  checkArguments,
  cleanForeignSchema,
  renderGeminiDeclaration,
  type CallOptions,
  type FunctionCallLike,
  type FunctionResponsePart,
  type GeminiFunctionDeclaration,
  type JsonSchema,
  type ObjectJsonSchema,
  type ToolErrorPayload,
  type ToolProgress,
} from '@toolwright/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError, ToolListChangedNotificationSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { readToolEntries, ToolsPageSchema, type McpWarning } from './tool-entries.js';
import { answerFromResult, type RemoteAnswer } from './call-result.js';
import { isConnectionFault } from './connection-faults.js';
import type { RemoteTool } from './remote-tool.js';
import { openClient, type HttpTarget, type StdioTarget } from './targets.js';
import { localNames, parameterNames } from './tool-names.js';

/** Picks tools by their name on the server: a list of names and patterns, or a predicate. */
export type ToolFilter = ReadonlyArray<string | RegExp> | ((name: string) => boolean);

export interface ConnectMcpOptions {
  /** Only these tools (names on the server). */
  include?: ToolFilter;
  /** Not these tools (names on the server). */
  exclude?: ToolFilter;
  /** Put before every name the model sees (`github_`), to keep several servers apart. */
  prefix?: string;
  /** Time limit per call in ms (default 60,000; 0 or Infinity: none). Progress from the server restarts it. */
  timeoutMs?: number;
  /** After a crash or a lost session, reconnect and send the call once more (default true). */
  retry?: boolean;
  /**
   * Hears what the declarations could not say as the server did, and each tool of its list left out because it
   * cannot be called (the list is also on `warnings`).
   */
  onWarning?: (warning: McpWarning) => void;
  /** The client's name and version in `initialize`. */
  clientInfo?: { name: string; version: string };
}

const DEFAULT_TIMEOUT_MS = 60_000;
/** The SDK needs a number: about 24 days stands for "none". */
const NO_LIMIT = 2 ** 31 - 1;

/** A server's schema for a tool, checked here; `usable` turns false when it does not compile. */
interface SchemaCheck {
  schema: ObjectJsonSchema;
  usable: boolean;
}

interface Validation {
  input: SchemaCheck;
  output?: SchemaCheck;
}

/**
 * An MCP server's tools as a Toolbox the Agent takes (genai's `ToolboxLike`): declarations cleaned for Gemini,
 * calls validated, time-limited and cancellable, results turned into function responses. `call` never throws:
 * a crashed or restarted server is reconnected (a child respawned, an HTTP session re-initialized) and the call
 * sent once more; what still fails comes back as `{ error }`.
 */
export class McpToolbox {
  readonly #target: StdioTarget | HttpTarget | undefined;
  /** The caller's own Client (no target): used while it is connected, never reconnected or closed here. */
  readonly #given: Client | undefined;
  readonly #options: ConnectMcpOptions;
  #client: Client | undefined;
  #connecting: Promise<Client> | undefined;
  #closed = false;
  #tools = new Map<string, RemoteTool>();
  #list: readonly RemoteTool[] = [];
  #validation = new WeakMap<RemoteTool, Validation>();
  #declarations = new Map<string, GeminiFunctionDeclaration[]>();
  #warnings: McpWarning[] = [];
  #refreshing: Promise<void> | undefined;

  /** Use `connectMcp`. `target` undefined: the client is the caller's, and is neither reconnected nor closed. */
  constructor(client: Client, target: StdioTarget | HttpTarget | undefined, options: ConnectMcpOptions) {
    this.#target = target;
    this.#given = target ? undefined : client;
    this.#options = options;
    this.#adopt(client);
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
    return this.#client?.getServerVersion();
  }

  /** Gemini declarations, `parameters` (default) or `parametersJsonSchema`; fresh objects on each call. */
  declarations(options: { dialect?: 'openapi' | 'json-schema' } = {}): GeminiFunctionDeclaration[] {
    const dialect = options.dialect ?? 'openapi';
    let rendered = this.#declarations.get(dialect);
    if (!rendered) {
      rendered = this.#list.map((tool) => this.#render(tool, dialect, []));
      this.#declarations.set(dialect, rendered);
    }
    return structuredClone(rendered);
  }

  /** Lists the server's tools again (every page). Runs by itself when the server says its list changed. */
  refresh(): Promise<void> {
    this.#refreshing ??= this.#load().finally(() => (this.#refreshing = undefined));
    return this.#refreshing;
  }

  /** Runs one call from the model. Never throws. */
  async call(call: FunctionCallLike, options: CallOptions = {}): Promise<FunctionResponsePart> {
    const id = typeof call?.id === 'string' ? call.id : undefined;
    const name = typeof call?.name === 'string' ? call.name : '';
    const tool = this.#tools.get(name);
    if (!tool) return respond(id, name, { response: { error: this.#unknown(name) } });
    const checked = await this.#check(tool, call.args);
    if ('error' in checked) return respond(id, name, { response: { error: checked.error } });
    let args = checked.args;
    if (tool.renamedArguments.size > 0) {
      args = {};
      for (const [key, value] of Object.entries(checked.args)) args[tool.renamedArguments.get(key) ?? key] = value;
    }
    return respond(id, name, await this.#send(tool, args, options));
  }

  /** Ends the connection; a child process started for it is ended too. The caller's own Client is left open. */
  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = undefined;
    const pending = this.#connecting;
    this.#connecting = undefined;
    if (!this.#target) return;
    await Promise.all(
      [
        client?.close(),
        pending?.then(
          (late) => late.close(),
          () => {},
        ),
      ].map((step) => step?.catch(() => {})),
    );
  }

  async #load(): Promise<void> {
    const client = await this.#connected();
    const entries: unknown[] = [];
    const cursors = new Set<string>();
    let cursor: string | undefined;
    do {
      // Not `client.listTools`: its schema parses the page whole, so one broken tool would fail the list.
      const params = cursor === undefined ? {} : { cursor };
      const page = await client.request({ method: 'tools/list', params }, ToolsPageSchema);
      entries.push(...page.tools);
      cursors.add(cursor ?? '');
      cursor = page.nextCursor;
    } while (cursor && !cursors.has(cursor)); // a cursor seen before would list the same pages forever
    this.#install(entries);
  }

  #install(entries: readonly unknown[]): void {
    const { include, exclude, prefix } = this.#options;
    const read = readToolEntries(entries);
    const wanted = (name: string) => (include ? matches(include, name) : true) && !(exclude && matches(exclude, name));
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
    for (const tool of kept) {
      const toolWarnings: McpWarning[] = [];
      try {
        const remote = this.#remoteTool(tool, names.get(tool.name)!, toolWarnings);
        this.#render(remote, 'openapi', toolWarnings);
        tools.push(remote);
        warnings.push(...toolWarnings);
      } catch (error) {
        const message = `tool "${tool.name}" was left out: its inputSchema cannot be read (${describe(error)})`;
        warnings.push({ code: 'tool-skipped', path: '', message, tool: tool.name });
      }
    }
    this.#list = Object.freeze(tools);
    this.#tools = new Map(tools.map((tool) => [tool.name, tool]));
    this.#declarations.clear();
    this.#warnings = warnings;
    if (this.#options.onWarning) for (const warning of warnings) this.#options.onWarning(warning);
  }

  #remoteTool(tool: Tool, name: string, warnings: McpWarning[]): RemoteTool {
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
    const remote: RemoteTool = {
      name,
      remoteName: tool.name,
      ...(tool.title !== undefined ? { title: tool.title } : {}),
      ...(tool.description !== undefined
        ? { description: tool.description }
        : tool.title !== undefined
          ? { description: tool.title }
          : {}),
      inputSchema: tool.inputSchema as Record<string, unknown>,
      parameters: renameRoot(cleaned.output, renamed),
      ...(tool.outputSchema ? { outputSchema: tool.outputSchema as JsonSchema } : {}),
      ...(tool.annotations ? { annotations: definedFields(tool.annotations) } : {}),
      renamedArguments: original,
    };
    const { $schema: _schema, $id: _id, ...rest } = tool.inputSchema as Record<string, unknown>;
    const input = { schema: renameRoot({ ...rest, type: 'object' } as ObjectJsonSchema, renamed), usable: true };
    const output = tool.outputSchema && { schema: tool.outputSchema as ObjectJsonSchema, usable: true };
    this.#validation.set(remote, output ? { input, output } : { input });
    return Object.freeze(remote);
  }

  #render(tool: RemoteTool, dialect: 'openapi' | 'json-schema', warnings: McpWarning[]): GeminiFunctionDeclaration {
    const declared = {
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      parameters: tool.parameters,
    };
    try {
      const rendered = renderGeminiDeclaration(declared, { dialect, inlineRefs: true });
      warnings.push(...rendered.warnings);
      return rendered.output;
    } catch (error) {
      const message =
        `the arguments cannot be declared (${error instanceof Error ? error.message : String(error)}): declared ` +
        'without them';
      warnings.push({ code: 'keyword-dropped', path: '', message, tool: tool.name });
      return { name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}) };
    }
  }

  async #check(
    tool: RemoteTool,
    args: unknown,
  ): Promise<{ args: Record<string, unknown> } | { error: ToolErrorPayload }> {
    const validation = this.#validation.get(tool)!.input;
    if (validation.usable) {
      try {
        return await checkArguments(tool.name, validation.schema, args);
      } catch {
        validation.usable = false; // the server's schema does not compile: the server judges the arguments
      }
    }
    return checkArguments(tool.name, { type: 'object', properties: {} }, args);
  }

  async #send(tool: RemoteTool, args: Record<string, unknown>, options: CallOptions): Promise<RemoteAnswer> {
    // The most specific limit wins, as in a Toolbox: the call's, this server's, the caller's default (an Agent's
    // toolTimeoutMs), then 60 s.
    const limit = options.timeoutMs ?? this.#options.timeoutMs ?? options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = limit > 0 && limit < NO_LIMIT ? limit : NO_LIMIT;
    const onProgress = options.onProgress;
    for (let attempt = 0; ; attempt++) {
      if (options.signal?.aborted) return failure('AbortError', `The call to tool "${tool.name}" was cancelled`);
      let client: Client;
      try {
        client = this.#client ?? (await this.#connected());
      } catch (error) {
        return failure(
          'ServerUnavailable',
          `The MCP server of tool "${tool.name}" is not reachable: ${describe(error)}`,
        );
      }
      try {
        const onprogress = onProgress
          ? (update: { progress: number }) => onProgress(progressOf(update))
          : ignoreProgress;
        const requestOptions: RequestOptions = { timeout, resetTimeoutOnProgress: true, onprogress };
        if (options.signal) requestOptions.signal = options.signal;
        const result = await client.callTool({ name: tool.remoteName, arguments: args }, undefined, requestOptions);
        const mismatch = this.#checkOutput(tool, result); // undefined at once for a tool without an output schema
        return (mismatch && (await mismatch)) ?? answerFromResult(result, tool.name);
      } catch (error) {
        if (options.signal?.aborted) return failure('AbortError', `The call to tool "${tool.name}" was cancelled`);
        if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
          return failure('TimeoutError', `Tool "${tool.name}" did not finish within ${limit} ms`);
        }
        if (isConnectionFault(error)) {
          this.#drop(client);
          if (attempt === 0 && this.#options.retry !== false && this.#target && !this.#closed) continue;
          return failure(
            'ServerUnavailable',
            `The MCP server of tool "${tool.name}" closed the connection: ${describe(error)}`,
          );
        }
        if (error instanceof McpError)
          return { response: { error: { name: 'McpError', code: error.code, message: error.message } } };
        return failure(error instanceof Error ? error.name : 'Error', describe(error));
      }
    }
  }

  /**
   * Structured content that breaks the tool's output schema becomes an error, as the SDK's `callTool` does for the
   * tools its own `listTools` saw (this list is read without it). A schema that does not compile checks nothing.
   */
  #checkOutput(tool: RemoteTool, result: Record<string, unknown>): Promise<RemoteAnswer | undefined> | undefined {
    const output = this.#validation.get(tool)!.output;
    const content = result.structuredContent;
    if (!output?.usable || result.isError === true || typeof content !== 'object' || content === null) return undefined;
    return this.#outputMismatch(tool, output, content);
  }

  async #outputMismatch(tool: RemoteTool, output: SchemaCheck, content: object): Promise<RemoteAnswer | undefined> {
    let checked: Awaited<ReturnType<typeof checkArguments>>;
    try {
      checked = await checkArguments(tool.name, output.schema, content);
    } catch {
      output.usable = false;
      return undefined;
    }
    if (!('error' in checked)) return undefined;
    const issues = checked.error.issues ?? [];
    const listed = issues.map((one) => `${one.path || '(root)'}: expected ${one.expected}, got ${one.received}`);
    const message = `Tool "${tool.name}" answered with structured content that does not match its output schema: `;
    return { response: { error: { name: 'InvalidStructuredContent', message: message + listed.join('; '), issues } } };
  }

  #unknown(name: string): ToolErrorPayload {
    const available = [...this.#tools.keys()];
    const closest = available.filter((candidate) => similar(candidate, name)).slice(0, 3);
    const hint = closest.length ? ` Did you mean ${closest.map((candidate) => `"${candidate}"`).join(' or ')}?` : '';
    const listed =
      available.length > 30
        ? `${available.slice(0, 30).join(', ')}, ... (${available.length} in all)`
        : available.join(', ') || '(none)';
    return {
      name: 'UnknownTool',
      message: `There is no tool named "${name}".${hint} Available tools: ${listed}.`,
      closest,
    };
  }

  /** The connected client, reconnecting (once at a time) when the last one was lost. */
  #connected(): Promise<Client> {
    if (this.#closed) return Promise.reject(new Error('the McpToolbox is closed'));
    if (this.#client) return Promise.resolve(this.#client);
    if (!this.#target) return this.#givenConnected(this.#given!);
    this.#connecting ??= openClient(this.#target, this.#options.clientInfo ?? CLIENT_INFO).then(
      (client) => {
        this.#connecting = undefined;
        if (this.#closed) {
          void client.close();
          throw new Error('the McpToolbox is closed');
        }
        this.#adopt(client);
        void this.refresh().catch(() => {}); // the restarted server may list other tools
        return client;
      },
      (error: unknown) => {
        this.#connecting = undefined;
        throw error;
      },
    );
    return this.#connecting;
  }

  /**
   * The caller's Client once its owner has connected it again (as `client.connect(transport)`), else a rejection
   * that says so: its transport is theirs, so reconnecting is theirs too.
   */
  #givenConnected(client: Client): Promise<Client> {
    if (!client.transport) {
      const message =
        'the connection to the server is closed (the MCP Client given to connectMcp is reconnected only by its owner)';
      return Promise.reject(new Error(message));
    }
    this.#client = client;
    void this.refresh().catch(() => {}); // connected again, perhaps to a restarted server that lists other tools
    return Promise.resolve(client);
  }

  #adopt(client: Client): void {
    this.#client = client;
    const previous = client.onclose;
    client.onclose = () => {
      previous?.();
      if (this.#client === client) this.#client = undefined;
    };
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void this.refresh().catch(() => {}));
  }

  #drop(client: Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    if (this.#target) void client.close().catch(() => {});
  }
}

export const CLIENT_INFO = { name: 'toolwright', version: '0.1.0' };

function respond(id: string | undefined, name: string, answer: RemoteAnswer): FunctionResponsePart {
  const functionResponse: FunctionResponsePart['functionResponse'] =
    id === undefined ? { name, response: answer.response } : { id, name, response: answer.response };
  if (answer.parts) functionResponse.parts = answer.parts;
  return { functionResponse };
}

/** Asking for progress (a progressToken) is what lets the server's progress restart the time limit. */
function ignoreProgress(): void {}

function progressOf(update: ToolProgress): ToolProgress {
  const out: ToolProgress = { progress: update.progress };
  if (update.total !== undefined) out.total = update.total;
  if (update.message !== undefined) out.message = update.message;
  return out;
}

function failure(name: string, message: string): RemoteAnswer {
  return { response: { error: { name, message } } };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function matches(filter: ToolFilter, name: string): boolean {
  if (typeof filter === 'function') return filter(name);
  return filter.some((entry) => (typeof entry === 'string' ? entry === name : entry.test(name)));
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

/** Close enough to suggest: same letters ignoring case and separators, or one contains the other. */
function similar(candidate: string, name: string): boolean {
  const plain = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const a = plain(candidate);
  const b = plain(name);
  return a === b || (b.length >= 3 && (a.includes(b) || b.includes(a)));
}

/** The fields that hold a value: the SDK's types allow `undefined` where ours leave a field out. */
function definedFields<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
