import type { Agent, AgentEvent, ToolboxLike } from '@toolwright/genai';

export interface DevUiOptions {
  /** The tools to list and call: a Toolbox, an imported MCP server, or several. */
  toolbox?: ToolboxLike | ToolboxLike[];
  /** The Agent to chat with. Without it the page shows the tools only. */
  agent?: Agent;
  /**
   * Makes the Agent to chat with, instead of `agent`: pass `onEvent` into its options, and every run of that Agent
   * (the chat's, and any your code starts) shows in the trace view.
   */
  createAgent?: (hooks: { onEvent: (event: AgentEvent) => void }) => Agent | Promise<Agent>;
  /** Port to listen on. Default 0: any free port (read it from `url`). */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1: the UI runs your tools, so it is not for the network. */
  host?: string;
  /** The page's title. Default "toolwright". */
  title?: string;
  /**
   * Host names (without the port) the server answers besides 127.0.0.1, localhost, [::1] and `host`: for a
   * tunnel or a container's name. Any other Host header is refused (a DNS-rebinding page cannot reach the tools).
   */
  allowedHosts?: string[];
  /** Runs kept in the session for the trace view. Default 100 (the oldest finished run makes room). */
  maxRuns?: number;
  /** Conversations kept (each holds its history). Default 50. */
  maxChats?: number;
  /** Largest request body in bytes. Default 1 MiB. */
  maxBodyBytes?: number;
}

export interface DevUi {
  /** Where the page is, e.g. `http://127.0.0.1:4123/`. */
  url: string;
  port: number;
  /** Stops listening, ends open streams (aborting their runs) and resolves when the server is closed. */
  close(): Promise<void>;
}
