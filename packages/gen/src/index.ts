export { generate, type GenerateResult } from './generate.js';
export { DEFAULT_OUT, DEFAULT_PROJECT, UsageError, type GenerateOptions, type NameStyle } from './options.js';
export type { Diagnostic } from './diagnostics.js';
export { DIAGNOSTIC_CODES, type DiagnosticCode, type WarningCode } from './diagnostic-codes.js';
export type { ProgramSource, SourceFileSource } from './program/given-program.js';
export { formatDiagnostic } from './cli/format-diagnostic.js';
export type { StaleOutput, StaleTool } from './emit/stale.js';
export { toSnakeCase } from './describe/name-style.js';
export { main, type CliIo } from './cli/main.js';
