import { displayPath, formatDiagnostic } from './format-diagnostic.js';
import { internalErrorText } from './internal-error.js';
import { packageVersion } from './package-version.js';
import { parseArgs, USAGE } from './parse-args.js';
import { UsageError, type GenerateOptions } from '../options.js';
import { plural, summaryLine } from './summary.js';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
  /** Stops `--watch` (besides SIGINT and SIGTERM). */
  signal?: AbortSignal;
}

const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  cwd: process.cwd(),
};

/** The `gen-tools` command: `argv` as in `process.argv`. Resolves to the exit code (0 ok, 1 problems, 2 usage). */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const parsed = parseArgs(argv.slice(2));
  switch (parsed.kind) {
    case 'help':
      io.out(USAGE);
      return 0;
    case 'version':
      io.out(packageVersion(argv[1]));
      return 0;
    case 'error':
      io.err(`gen-tools: ${parsed.message}\n\n${USAGE}`);
      return 2;
  }
  const options = { ...parsed.options, cwd: io.cwd };
  if (parsed.watch) return watchMode(options, io);
  let result;
  try {
    // Loaded here so that --help, --version and usage errors do not pay for loading TypeScript.
    const { generate } = await import('../generate.js');
    result = await generate(options);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`gen-tools: ${error.message}`);
      return 2;
    }
    // The file system refused (a read-only folder, a full disk, a path through a file): the user's to fix, no stack.
    if (isSystemError(error)) {
      io.err(`gen-tools: ${error.message}: nothing was replaced`);
      return 1;
    }
    io.err(`gen-tools: internal error: ${internalErrorText(error)}`);
    return 1;
  }
  for (const diagnostic of result.diagnostics) io.err(formatDiagnostic(diagnostic, io.cwd));
  const summary = summaryLine(result, io.cwd);
  if (summary.failed) {
    io.err(summary.text);
    return 1;
  }
  if (options.check) {
    const tools = plural(result.manifest.tools.length, 'tool');
    if (result.stale.length === 0) {
      io.out(`gen-tools: up to date (${tools})`);
      return 0;
    }
    for (const stale of result.stale) {
      const file = displayPath(stale.file, io.cwd);
      io.err(stale.missing ? `gen-tools: ${file} is missing` : `gen-tools: ${file} is out of date`);
      for (const { name, change } of stale.tools) io.err(`  ${change}: ${name}`);
    }
    io.err('gen-tools: run gen-tools without --check to update');
    return 1;
  }
  io.out(summary.text);
  return 0;
}

function isSystemError(error: unknown): error is Error & { code: string } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && 'syscall' in error;
}

/** `--watch`: runs until SIGINT (or `io.signal`), then exits 0. */
async function watchMode(options: GenerateOptions, io: CliIo): Promise<number> {
  let resolved;
  try {
    const { resolveOptions } = await import('../options.js');
    resolved = resolveOptions(options);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`gen-tools: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const { watchProject } = await import('./watch.js');
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  io.signal?.addEventListener('abort', stop, { once: true });
  try {
    return await watchProject(resolved, io, controller.signal);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
