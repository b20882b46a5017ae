import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GEMINI_MAX_TOOLS } from '@toolwright/core';
import { isDiagnosticCode, severityOf, type DiagnosticCode } from './diagnostic-codes.js';
import { GENERATED_HEADER } from './generated-header.js';
import type { ProgramSource, SourceFileSource } from './program/given-program.js';

/**
 * How method names become tool names: kept as written, or snake_case (`getCurrentWeather` -> `get_current_weather`).
 */
export type NameStyle = 'preserve' | 'snake';

export const NAME_STYLES: readonly NameStyle[] = ['preserve', 'snake'];

/** Where gen-tools looks and writes when no option says otherwise (relative to the working directory). */
export const DEFAULT_PROJECT = 'tsconfig.json';
export const DEFAULT_OUT = 'src/tools.generated.ts';

/** A problem with how gen-tools was called (a missing tsconfig, a bad option): the CLI exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface GenerateOptions {
  /** The project's tsconfig. Default `tsconfig.json`. Relative paths are resolved against `cwd`. */
  project?: string;
  /** The TS module to write (`tools.generated.ts`). Default `src/tools.generated.ts`; `false` writes none. */
  out?: string | false;
  /** The JSON manifest to write, if any. */
  json?: string;
  /**
   * Also write the tools' argument validators, compiled now (ajv standalone code), to this TS module, and import them
   * in `out`: the Toolbox then compiles nothing at run time (no ajv load, no `new Function`: edge runtimes).
   */
  validators?: string;
  /** Tool names as methods are written (`preserve`, the default) or in snake_case. */
  nameStyle?: NameStyle;
  /**
   * The most tools the project may hold. Default 512: Gemini takes at most 512 function declarations in one
   * request. Raise it when the project binds its tools in several Toolboxes, each within the limit.
   */
  maxTools?: number;
  /** Write nothing; report in `stale` which outputs differ from what would be written. */
  check?: boolean;
  /**
   * The most threads a cold run reads the project on: the calling one, and worker threads for the rest (the outputs
   * are the same on any number). Default: `TOOLWRIGHT_GEN_THREADS`, else 1. A project with less than 1 MB of files
   * that may declare tools is read on one thread whatever the number.
   */
  threads?: number;
  /** Default `process.cwd()`. */
  cwd?: string;
  /**
   * Keep the result on disk and reuse it while none of its inputs changed (see the README). Default `false` here;
   * the CLI turns it on unless given `--no-cache`.
   */
  cache?: boolean;
  /** Where the cache lives. Default `node_modules/.cache/toolwright` beside the tsconfig. */
  cacheDir?: string;
  /**
   * A program already built, read instead of the tsconfig's files: a ts-morph `Project` (code generation that has
   * one), or a `ts.Program`. Its TypeScript must be gen's major and minor version. `project` then only names the
   * folder that manifest `file` paths are relative to (its tsconfig need not exist); the cache is not used.
   */
  program?: ProgramSource;
  /** With `program`: look for tools in these files only (ts-morph `SourceFile`s, the compiler's, or paths). */
  files?: readonly SourceFileSource[];
  /**
   * Warnings not to report, by code (`['TW5501']`: see the README's table of diagnostics). An error code is a
   * `UsageError`: an error cannot be silenced, since the manifest would be wrong.
   */
  ignore?: readonly string[];
}

/** Options after validation: absolute paths. */
export interface ResolvedOptions {
  projectFile: string;
  outFile: string | undefined;
  jsonFile: string | undefined;
  /** The validators module (`--validators`), written beside `outFile` and imported by it. */
  validatorsFile?: string | undefined;
  nameStyle: NameStyle;
  /** More tools than this is an error. */
  maxTools: number;
  /** A program to read instead of the tsconfig's (see GenerateOptions). */
  program?: ProgramSource | undefined;
  files?: readonly SourceFileSource[] | undefined;
  /** Warning codes not reported (see GenerateOptions). */
  ignore: ReadonlySet<DiagnosticCode>;
  /** See GenerateOptions. */
  threads?: number | undefined;
}

/** Validates the options and makes their paths absolute. */
export function resolveOptions(options: GenerateOptions): ResolvedOptions {
  const cwd = options.cwd ?? process.cwd();
  const nameStyle = options.nameStyle ?? 'preserve';
  if (!NAME_STYLES.includes(nameStyle))
    throw new UsageError(`unknown name style "${String(nameStyle)}" (use ${NAME_STYLES.join(' or ')})`);
  const maxTools = options.maxTools ?? GEMINI_MAX_TOOLS;
  if (!Number.isInteger(maxTools) || maxTools < 1)
    throw new UsageError(`--max-tools takes a whole number from 1, not ${String(options.maxTools)}`);
  if (options.threads !== undefined && (!Number.isInteger(options.threads) || options.threads < 1))
    throw new UsageError(`--threads takes a whole number from 1, not ${String(options.threads)}`);
  const projectFile = resolve(cwd, options.project ?? DEFAULT_PROJECT);
  if (options.files !== undefined && options.program === undefined)
    throw new UsageError('files: name the files of a program given as `program`');
  if (options.program === undefined && !existsSync(projectFile))
    throw new UsageError(
      `cannot find the tsconfig ${options.project ?? DEFAULT_PROJECT} (no ${projectFile}): run gen-tools in the ` +
        "project's folder, or name its tsconfig with --project",
    );
  const outFile = options.out === false ? undefined : resolve(cwd, options.out ?? DEFAULT_OUT);
  const jsonFile = options.json === undefined ? undefined : resolve(cwd, options.json);
  if (outFile !== undefined && outFile === jsonFile) throw new UsageError('--out and --json name the same file');
  const validatorsFile = options.validators === undefined ? undefined : resolve(cwd, options.validators);
  if (validatorsFile !== undefined) {
    if (outFile === undefined)
      throw new UsageError('--validators needs the TS module (--out), which imports the validators');
    if (validatorsFile === outFile || validatorsFile === jsonFile)
      throw new UsageError('--validators names the same file as --out or --json');
    if (!/\.[mc]?ts$/.test(validatorsFile)) {
      throw new UsageError(
        `--validators writes a TypeScript module: give it a .ts, .mts or .cts name (not ${options.validators})`,
      );
    }
  }
  if (outFile !== undefined && !/\.[mc]?ts$/.test(outFile)) {
    throw new UsageError(`--out writes a TypeScript module: give it a .ts, .mts or .cts name (not ${options.out})`);
  }
  if (outFile !== undefined) checkOutput('--out', String(options.out ?? DEFAULT_OUT), outFile, isGeneratedModule);
  if (jsonFile !== undefined) checkOutput('--json', options.json as string, jsonFile, isGeneratedJson);
  if (validatorsFile !== undefined)
    checkOutput('--validators', String(options.validators), validatorsFile, isGeneratedModule);
  return {
    projectFile,
    outFile,
    jsonFile,
    ...(validatorsFile !== undefined ? { validatorsFile } : {}),
    nameStyle,
    maxTools,
    ignore: ignoredCodes(options.ignore ?? []),
    ...(options.threads !== undefined ? { threads: options.threads } : {}),
    ...(options.program !== undefined
      ? {
          program: options.program,
          files: options.files?.map((file) => (typeof file === 'string' ? resolve(cwd, file) : file)),
        }
      : {}),
  };
}

/** `ignore` checked: known codes of warnings only. */
function ignoredCodes(codes: readonly string[]): ReadonlySet<DiagnosticCode> {
  for (const code of codes) {
    if (!isDiagnosticCode(code))
      throw new UsageError(`--ignore ${code}: no diagnostic has this code (codes look like TW5501)`);
    if (severityOf(code) === 'error')
      throw new UsageError(`--ignore ${code}: ${code} is an error, and errors cannot be silenced (only warnings)`);
  }
  return new Set(codes as DiagnosticCode[]);
}

/**
 * An output path must be a file gen-tools may replace: absent, empty, or written by gen-tools before. A folder, or
 * a file of the user's (a source file of the project, a tsconfig), is a usage error and nothing is written.
 */
/**
 * Refuses to overwrite a file gen-tools did not write. `ours` is shown the file's first bytes, and may read the
 * whole text where those do not settle it (an output can be megabytes: reading it all took some 17 ms a run).
 */
function checkOutput(
  option: string,
  given: string,
  path: string,
  ours: (start: string, whole: () => string) => boolean,
): void {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return;
  }
  if (stats.isDirectory())
    throw new UsageError(
      `${option} ${given} is a folder: give the file to write ` +
        `(e.g. ${join(given, option === '--out' ? 'tools.generated.ts' : 'tools.json')})`,
    );
  if (!stats.isFile()) throw new UsageError(`${option} ${given} is not a regular file`);
  if (stats.size === 0) return;
  const read = (whole: boolean): string => {
    try {
      return whole ? readFileSync(path, 'utf8') : readStart(path);
    } catch (error) {
      throw new UsageError(`${option} ${given} cannot be read (${(error as Error).message})`);
    }
  };
  if (!ours(read(false), () => read(true))) {
    throw new UsageError(
      `${option} ${given} is a file gen-tools did not write (it would be overwritten): name another file, or ` +
        'delete it first',
    );
  }
}

/** The first bytes of a file, as text (a character cut at the end does not matter to a test of its start). */
function readStart(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(256);
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, buffer.length, 0));
  } finally {
    closeSync(fd);
  }
}

function isGeneratedModule(start: string): boolean {
  return start.startsWith(GENERATED_HEADER);
}

function isGeneratedJson(start: string, whole: () => string): boolean {
  // What renderJson writes first: no need to read and parse the rest (1,000 tools take some 10 ms).
  if (/^\{\n {2}"version": \d+,\n {2}"hash": "/.test(start)) return true;
  try {
    const value = JSON.parse(whole()) as { version?: unknown; tools?: unknown };
    return (
      typeof value === 'object' && value !== null && typeof value.version === 'number' && Array.isArray(value.tools)
    );
  } catch {
    return false;
  }
}
