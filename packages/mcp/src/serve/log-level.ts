import type { ToolLogLevel } from '@toolwright/core';

const SEVERITY: Record<ToolLogLevel, number> = {
  debug: 0,
  info: 1,
  notice: 2,
  warning: 3,
  error: 4,
  critical: 5,
  alert: 6,
  emergency: 7,
};

/**
 * The level one client set with `logging/setLevel` (one server per session, so per session). Until it sets one,
 * every message goes out, as the SDK's own servers do. Stateless servers forget it after the request that set it.
 */
export class LogLevel {
  #level: ToolLogLevel | undefined;

  set(level: ToolLogLevel): void {
    this.#level = level;
  }

  passes(level: ToolLogLevel): boolean {
    return this.#level === undefined || SEVERITY[level] >= SEVERITY[this.#level];
  }
}
