export { generate, type GenerateOptions, type GenerateResult } from './generate.js';
export { DEFAULT_OUT, DEFAULT_PROJECT } from './defaults.js';
export type { Diagnostic } from './diagnostic.js';
export { formatDiagnostic } from './format-diagnostic.js';
export type { StaleOutput, StaleTool } from './stale.js';
export { toSnakeCase, type NameStyle } from './name-style.js';
export { UsageError } from './usage-error.js';
export { main, type CliIo } from './main.js';
