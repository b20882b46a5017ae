import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isLibFile, libFolder, ts } from './typescript.js';
import type { Diagnostics } from '../diagnostics.js';
import { esLibPlan, type LibCut } from './es-libs.js';
import { LibProbe } from './lib-probe.js';
import {
  hostLibsNeededByFiles,
  hostLibWatch,
  libsWithoutHost,
  requestedLibs,
  signatureNamesGlobal,
  signatureNamesHostGlobal,
} from './host-libs.js';
import type { ReadRecorder } from './read-recorder.js';
import { UsageError } from '../options.js';

/** Whether lib files were left out of a program, and why they are needed when they were not. */
export interface LibsLeftOut {
  leftOut: boolean;
  reason?: string;
}

export interface LoadedProject {
  program: ts.Program;
  checker: ts.TypeChecker;
  /** The folder of the tsconfig: manifest `file` paths are relative to it. */
  projectDir: string;
  compilerOptions: ts.CompilerOptions;
  /** The project's files that may declare tools (see `mayDeclareTools`), in path order. */
  candidates: ts.SourceFile[];
  /** The files of the tsconfig that gen reads (candidates and declaration files; of every shard). */
  rootNames: string[];
  /** The tsconfig as TypeScript read it (for the cache: its files, wildcard folders and extended configs). */
  config: ts.ParsedCommandLine | undefined;
  /**
   * Present when the host libs could be left out (see host-libs.ts): whether they were, and the reason when the
   * project's files need them whatever the tools are.
   */
  hostLibs: LibsLeftOut | undefined;
  /** Present when ES lib files beyond the base could be left out (see es-libs.ts): as for the host libs. */
  esLibs: LibsLeftOut | undefined;
  /**
   * Watches the checker for a need of the lib files that may be left out (lib-probe.ts): of those left out, or, when
   * the program was built with them, whether they were needed. Absent when the project's files need them all.
   */
  probe?: LibProbe | undefined;
  /** With the host libs left out: the project with every lib, for when the tools reach them (parses are shared). */
  withHostLibs?: (() => LoadedProject) | undefined;
  /** With ES libs left out: the project with them (and without the host libs still), for when the checker needs them. */
  withEsLibs?: (() => LoadedProject) | undefined;
}

const SOURCE_EXTENSIONS = /\.(ts|tsx|mts|cts)$/;
const DECLARATION_FILE = /\.d\.(ts|mts|cts)$|\.d\.[^/.]+\.ts$/;

/**
 * Parsed source files kept between runs of one process (`--watch`): a file whose text did not change is not parsed
 * again, and the program built from them reuses its binding.
 */
export class SourceFileCache {
  private readonly files = new Map<string, { text: string; version: number; file: ts.SourceFile }>();
  private version = 0;

  get(fileName: string, text: string, make: () => ts.SourceFile): ts.SourceFile {
    const known = this.files.get(fileName);
    if (known && known.text === text) return known.file;
    const file = make();
    (file as { version?: string }).version = String(++this.version);
    this.files.set(fileName, { text, version: this.version, file });
    return file;
  }
}

/**
 * TypeScript's lib files parsed once per process: they belong to the TypeScript that runs and never change, and
 * every program of the process (a `generate()` call after another, a test after another) needs them. Keyed by the
 * compiler options that shape a parsed file (TypeScript's own list of them).
 */
const libSourceFiles = new SourceFileCache();
const SOURCE_FILE_OPTIONS = [
  'target',
  'module',
  'jsx',
  'importHelpers',
  'strict',
  'alwaysStrict',
  'noFallthroughCasesInSwitch',
  'moduleResolution',
  'jsxImportSource',
  'allowUnusedLabels',
  'allowUnreachableCode',
  'moduleDetection',
] as const;

function libKey(fileName: string, options: ts.CompilerOptions, settings: ts.CreateSourceFileOptions): string {
  const shaping = SOURCE_FILE_OPTIONS.map((name) => String(options[name]));
  return [fileName, settings.languageVersion, String(settings.impliedNodeFormat), ...shaping].join('\0');
}

export interface LoadOptions {
  /** Files never read as part of the project (the outputs). */
  skipFiles: readonly string[];
  /** For `--watch`: parsed files and the previous program, reused where nothing changed. */
  sourceFiles?: SourceFileCache;
  oldProgram?: ts.Program;
  timing?: (phase: string) => void;
  /** For the cache: told every file read and every question asked of the file system. */
  recorder?: ReadRecorder;
  /** Build the program with every lib file the tsconfig asks for, host libs included (see host-libs.ts). */
  allLibs?: boolean;
  /** Build it with the host libs first (`--watch`, when the last run needed them); analyze still judges. */
  startWithHostLibs?: boolean;
  /** Build it with the ES libs first (`--watch`, when the last run needed them); the probe still judges. */
  startWithEsLibs?: boolean;
  /** The project as scanned already (see scanProject), or the shard of it to read. */
  scan?: ProjectScan | undefined;
}

/**
 * The files of a tsconfig that gen reads (plain data: a shard of them crosses to a worker thread, see shard/): the
 * root names the program starts from, and the texts of those that may declare tools.
 */
export interface ProjectFiles {
  /** Every root of the tsconfig, in path order: the candidates and the declaration files (`isProjectFile`). */
  roots: string[];
  /** The files whose tools this program reads (see `mayDeclareTools`), in path order, with their texts. */
  candidates: string[];
  texts: Map<string, string>;
}

/** The tsconfig as read, and the files of it gen reads; `parsed` undefined when it could not be read. */
export interface ProjectScan {
  configPath: string;
  parsed: ts.ParsedCommandLine | undefined;
  files: ProjectFiles;
}

/**
 * Reads the tsconfig and the texts of its source files, keeping those that can hold `@tool()` methods (a text
 * test), and the project's declaration files (ambient types). A tsconfig that cannot be read is reported.
 */
export function scanProject(
  tsconfigPath: string,
  diagnostics: Diagnostics,
  options: Pick<LoadOptions, 'skipFiles' | 'recorder'>,
): ProjectScan {
  const configPath = resolve(tsconfigPath);
  if (!existsSync(configPath)) throw new UsageError(`cannot find the tsconfig ${tsconfigPath}`);
  const { recorder } = options;
  const parsed = readConfig(configPath, diagnostics, recorder);
  const files: ProjectFiles = { roots: [], candidates: [], texts: new Map() };
  if (!parsed) {
    if (!diagnostics.hasErrors()) throw new UsageError(`cannot read the tsconfig ${tsconfigPath}`);
    return { configPath, parsed, files };
  }
  const skip = new Set(options.skipFiles.map((file) => normalize(resolve(file))));
  if (recorder) {
    // The TypeScript that reads the project, and the folders whose files the tsconfig includes by wildcard.
    recorder.probe('s', ts.sys.getExecutingFilePath());
    for (const [dir, flags] of Object.entries(parsed.wildcardDirectories ?? {})) {
      recorder.listing(dir, (flags & ts.WatchDirectoryFlags.Recursive) !== 0);
    }
  }
  for (const fileName of [...parsed.fileNames].sort()) {
    if (skip.has(normalize(fileName))) continue;
    if (isDeclarationFile(fileName)) {
      files.roots.push(fileName);
      continue;
    }
    if (!SOURCE_EXTENSIONS.test(fileName)) continue;
    recorder?.probe('f', fileName);
    let text: string;
    try {
      text = readFileSync(fileName, 'utf8');
    } catch {
      recorder?.read(fileName, undefined);
      continue;
    }
    recorder?.read(fileName, text);
    if (!mayDeclareTools(text)) continue;
    files.texts.set(fileName, text);
    files.roots.push(fileName);
    files.candidates.push(fileName);
  }
  return { configPath, parsed, files };
}

/** The tsconfig alone (a shard's worker: the main thread read the project's files and recorded them). */
export function readProjectConfig(tsconfigPath: string, diagnostics: Diagnostics, files: ProjectFiles): ProjectScan {
  const configPath = resolve(tsconfigPath);
  return { configPath, parsed: readConfig(configPath, diagnostics), files };
}

export function isDeclarationFile(fileName: string): boolean {
  return DECLARATION_FILE.test(fileName);
}

/**
 * Reads the tsconfig and builds a TypeScript program from only the files that can hold `@tool()` methods, plus the
 * project's declaration files (ambient types). The checker pulls in what those files import; nothing else of the
 * project is parsed, nothing is checked beyond the types of tool methods, and the JSDoc of TypeScript's own lib
 * files (most of what is parsed) is skipped: that keeps gen-tools well ahead of `tsc --noEmit` on large projects.
 * The program is built with the compiler API directly (gen reads its nodes and types without ts-morph wrappers).
 * With `options.scan`, the project as scanned already (or a shard of it: the program then starts from its
 * candidates and every declaration file). It is built first without the host libs and the ES libs beyond the base
 * where it can be (see host-libs.ts, es-libs.ts): again with them at once when its files need them, or later by
 * `withHostLibs` and `withEsLibs` when the tools do.
 */
export function loadProject(tsconfigPath: string, diagnostics: Diagnostics, options: LoadOptions): LoadedProject {
  const { configPath, parsed, files } = options.scan ?? scanProject(tsconfigPath, diagnostics, options);
  const projectDir = dirname(configPath);
  if (!parsed) {
    const program = ts.createProgram({ rootNames: [], options: {} });
    return {
      program,
      checker: program.getTypeChecker(),
      projectDir,
      compilerOptions: {},
      candidates: [],
      rootNames: [],
      config: undefined,
      hostLibs: undefined,
      esLibs: undefined,
    };
  }
  const { recorder } = options;
  const candidateNames = files.candidates;
  const shard = new Set(candidateNames);
  const rootNames = files.roots.filter((fileName) => shard.has(fileName) || isDeclarationFile(fileName));
  const timing = options.timing;
  timing?.('config');
  // One parse of each file, even when the program is built twice (see host-libs.ts).
  const cut: { current?: LibCut | undefined } = {};
  const host = leanHost(parsed.options, files.texts, options.sourceFiles ?? new SourceFileCache(), recorder, cut);
  // The first program leaves a part of a base lib file out too (es-libs.ts): its host serves that file without it.
  const build = (compilerOptions: ts.CompilerOptions) => {
    cut.current = compilerOptions === first ? esPlan?.cut : undefined;
    try {
      return ts.createProgram({
        rootNames,
        options: compilerOptions,
        host,
        ...(options.oldProgram ? { oldProgram: options.oldProgram } : {}),
        ...(parsed.projectReferences ? { projectReferences: parsed.projectReferences } : {}),
      });
    } finally {
      cut.current = undefined;
    }
  };
  const candidatesOf = (program: ts.Program) =>
    candidateNames.map((name) => program.getSourceFile(name)).filter((file) => file !== undefined);
  const requested = options.allLibs
    ? undefined
    : requestedLibs(parsed.options, (fileName) => ts.sys.readFile(join(libFolder, fileName)));
  const withoutHost = libsWithoutHost(requested);
  const esPlan = requested && esLibPlan(withoutHost ?? requested);
  // The programs that may be built: with every lib of the tsconfig, without the host libs, and the first one (without
  // the host libs and the ES libs beyond the base).
  const full = parsed.options;
  const everyEsLib = withoutHost ? { ...full, lib: withoutHost } : full;
  const first = esPlan ? { ...everyEsLib, lib: esPlan.first } : everyEsLib;
  const start = options.startWithHostLibs ? full : options.startWithEsLibs ? everyEsLib : first;
  let program = build(start);
  timing?.('program');
  let hostReason: string | undefined;
  let esReason: string | undefined;
  if (start !== full) {
    if (withoutHost) hostReason = hostLibsNeededByFiles(program) ?? signatureNamesHostGlobal(candidatesOf(program));
    // A tool's signature that names Map, Set, Intl...: built with the ES libs now rather than described twice.
    if (esPlan && start === first && !hostReason)
      esReason = signatureNamesGlobal(candidatesOf(program), esPlan.lookups);
    if (hostReason ?? esReason) {
      program = build(hostReason ? full : everyEsLib);
      timing?.(`program with the ${hostReason ? 'host' : 'ES'} libs (${hostReason ?? esReason})`);
    }
  }
  const built = hostReason ? full : esReason ? everyEsLib : start;
  const loaded = (made: ts.Program, compilerOptions: ts.CompilerOptions): LoadedProject => {
    const checker = made.getTypeChecker();
    const hostLeftOut = withoutHost !== undefined && compilerOptions !== full;
    const esLeftOut = esPlan !== undefined && compilerOptions === first;
    return {
      program: made,
      checker,
      projectDir,
      compilerOptions: parsed.options,
      candidates: candidatesOf(made),
      rootNames: files.roots,
      config: parsed,
      hostLibs: withoutHost && { leftOut: hostLeftOut, ...(hostReason !== undefined ? { reason: hostReason } : {}) },
      esLibs: esPlan && { leftOut: esLeftOut, ...(esReason !== undefined ? { reason: esReason } : {}) },
      ...probeOf(checker, hostLeftOut, esLeftOut),
      withHostLibs: hostLeftOut ? () => rebuilt(full, 'program and checker with the host libs') : undefined,
      withEsLibs: esLeftOut ? () => rebuilt(everyEsLib, 'program and checker with the ES libs') : undefined,
    };
  };
  // Each group is watched unless the project's files need it whatever the tools are.
  const probeOf = (checker: ts.TypeChecker, hostLeftOut: boolean, esLeftOut: boolean): Pick<LoadedProject, 'probe'> => {
    const host = withoutHost && hostReason === undefined ? hostLibWatch() : undefined;
    const es = esPlan && esReason === undefined ? esPlan : undefined;
    if (!host && !es) return {};
    const leftOut = [
      ...(host && hostLeftOut ? (['host'] as const) : []),
      ...(es && esLeftOut ? (['es'] as const) : []),
    ];
    return { probe: new LibProbe(checker, { ...(host ? { host } : {}), ...(es ? { es } : {}) }, leftOut) };
  };
  const rebuilt = (compilerOptions: ts.CompilerOptions, phase: string): LoadedProject => {
    hostReason = esReason = undefined;
    const made = loaded(build(compilerOptions), compilerOptions);
    timing?.(phase);
    return made;
  };
  const project = loaded(program, built);
  timing?.('checker');
  return project;
}

function readConfig(
  configPath: string,
  diagnostics: Diagnostics,
  recorder?: ReadRecorder,
): ts.ParsedCommandLine | undefined {
  const sys = ts.sys;
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
    ...sys,
    ...(recorder
      ? {
          readFile: (path: string) => {
            const text = sys.readFile(path);
            recorder.read(path, text);
            return text;
          },
          fileExists: (path: string) => {
            recorder.probe('f', path);
            return sys.fileExists(path);
          },
        }
      : {}),
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => addTsDiagnostic(diagnostic, configPath, diagnostics),
  });
  if (parsed) for (const error of parsed.errors) addTsDiagnostic(error, configPath, diagnostics);
  return parsed;
}

/**
 * A compiler host that parses TypeScript's lib files without JSDoc (nothing of it is read there), a lib file without the
 * span `cut` names while a program is built that leaves it out (es-libs.ts), and every other file
 * with it (descriptions and schema tags), with parent pointers (node.getText() and friends need them). The lib files
 * belong to the TypeScript that runs (the cache key holds its version), so they are not recorded as inputs.
 */
function leanHost(
  options: ts.CompilerOptions,
  texts: ReadonlyMap<string, string>,
  cache: SourceFileCache | undefined,
  recorder: ReadRecorder | undefined,
  cut: { readonly current?: LibCut | undefined },
): ts.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  if (recorder) {
    const { fileExists, readFile, directoryExists, realpath, getDirectories } = host;
    host.fileExists = (fileName) => {
      if (!isLibFile(fileName)) recorder.probe('f', fileName);
      return fileExists.call(host, fileName);
    };
    host.readFile = (fileName) => {
      const text = readFile.call(host, fileName);
      if (!isLibFile(fileName)) recorder.read(fileName, text);
      return text;
    };
    host.directoryExists = (name) => {
      recorder.probe('d', name);
      return directoryExists?.call(host, name) ?? true;
    };
    if (realpath) {
      host.realpath = (path) => {
        recorder.probe('r', path);
        return realpath.call(host, path);
      };
    }
    if (getDirectories) {
      host.getDirectories = (path) => {
        recorder.probe('l', path);
        return getDirectories.call(host, path);
      };
    }
  }
  host.getSourceFile = (fileName, languageVersionOrOptions, onError) => {
    const lib = isLibFile(fileName);
    let text = texts.get(fileName);
    if (text === undefined) {
      try {
        text = ts.sys.readFile(fileName);
      } catch (error) {
        onError?.(error instanceof Error ? error.message : String(error));
      }
    }
    if (!lib) recorder?.read(fileName, text);
    if (text === undefined) return undefined;
    const settings: ts.CreateSourceFileOptions =
      typeof languageVersionOrOptions === 'object'
        ? { ...languageVersionOrOptions }
        : { languageVersion: languageVersionOrOptions };
    settings.jsDocParsingMode = lib ? ts.JSDocParsingMode.ParseNone : ts.JSDocParsingMode.ParseAll;
    const span = lib && cut.current && fileName.endsWith(`/${cut.current.fileName}`) ? cut.current : undefined;
    const source = span ? text.slice(0, span.start) + text.slice(span.end) : text;
    const make = () => ts.createSourceFile(fileName, source, settings, false);
    if (lib) {
      const key = libKey(fileName, options, settings);
      return libSourceFiles.get(span ? `${key}\0without ${span.start}-${span.end}` : key, source, make);
    }
    return cache ? cache.get(`${fileName}\0${String(settings.impliedNodeFormat)}`, text, make) : make();
  };
  return host;
}

/**
 * A cheap text test before any parsing: a file with a `@tool()` method contains `@` and the word `tool`
 * (in the decorator or in the import that brings it in, possibly renamed).
 */
export function mayDeclareTools(text: string): boolean {
  return text.includes('@') && text.includes('tool');
}

function normalize(path: string): string {
  return path.replace(/\\/g, '/');
}

function addTsDiagnostic(diagnostic: ts.Diagnostic, configPath: string, diagnostics: Diagnostics): void {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  const error = diagnostic.category === ts.DiagnosticCategory.Error;
  const [severity, code] = error ? (['error', 'TW1001'] as const) : (['warning', 'TW1501'] as const);
  if (diagnostic.category !== ts.DiagnosticCategory.Error && diagnostic.category !== ts.DiagnosticCategory.Warning)
    return;
  if (diagnostic.file && diagnostic.start !== undefined) {
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    diagnostics.add({ file: diagnostic.file.fileName, line: line + 1, column: character + 1, severity, code, message });
  } else {
    diagnostics.add({ file: configPath, line: 1, column: 1, severity, code, message });
  }
}
