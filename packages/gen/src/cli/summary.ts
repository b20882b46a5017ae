import type { ToolManifest } from '@toolwright/core';
import type { Diagnostic } from '../diagnostics.js';
import { displayPath } from './format-diagnostic.js';

/** What a run did, in the one line that a plain run and each run of `--watch` print alike. */
export function summaryLine(
  result: { manifest: ToolManifest; diagnostics: readonly Diagnostic[]; written: readonly string[] },
  cwd: string,
): { text: string; failed: boolean } {
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const tools = plural(result.manifest.tools.length, 'tool');
  if (errors > 0) {
    const warnings = result.diagnostics.length - errors;
    const also = warnings ? `, ${plural(warnings, 'warning')}` : '';
    return { text: `gen-tools: ${plural(errors, 'error')}${also}: nothing written`, failed: true };
  }
  if (result.written.length === 0) return { text: `gen-tools: up to date (${tools})`, failed: false };
  const files = result.written.map((file) => displayPath(file, cwd)).join(', ');
  return { text: `gen-tools: wrote ${files} (${tools})`, failed: false };
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
