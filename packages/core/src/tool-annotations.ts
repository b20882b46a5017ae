/**
 * Hints about what a tool does, for hosts that show tools to people or ask before running them (MCP's
 * `ToolAnnotations`). They are hints: a client must not trust them from a server it does not trust.
 */
export interface ToolAnnotations {
  /** A human-readable name for display. */
  title?: string;
  /** The tool changes nothing (default false). */
  readOnlyHint?: boolean;
  /** When not read-only: it may destroy or overwrite what exists, rather than only add (default true). */
  destructiveHint?: boolean;
  /** When not read-only: calling it again with the same arguments has no further effect (default false). */
  idempotentHint?: boolean;
  /** It reaches an open world of outside entities (the web, ...) rather than a closed one (default true). */
  openWorldHint?: boolean;
}

const FLAGS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** What is wrong with a value given as annotations (an empty list when it is fine), each naming the field. */
export function annotationProblems(value: unknown, at: string): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at}: expected an object`];
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(record)) {
    const field = record[key];
    if (key === 'title') {
      if (typeof field !== 'string') problems.push(`${at}.title: expected a string`);
    } else if ((FLAGS as readonly string[]).includes(key)) {
      if (typeof field !== 'boolean') problems.push(`${at}.${key}: expected a boolean`);
    } else problems.push(`${at}.${key}: unknown annotation (known: title, ${FLAGS.join(', ')})`);
  }
  return problems;
}
