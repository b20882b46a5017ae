export { generate, type GenerateOptions, type GenerateResult } from './generate.js';
export { DEFAULT_OUT, DEFAULT_PROJECT } from './defaults.js';
export type { Diagnostic } from './diagnostic.js';
export { formatDiagnostic } from './cli/format-diagnostic.js';
export type { StaleOutput, StaleTool } from './emit/stale.js';
export { toSnakeCase, type NameStyle } from './describe/name-style.js';
export { UsageError } from './cli/usage-error.js';
export { main, type CliIo } from './cli/main.js';
