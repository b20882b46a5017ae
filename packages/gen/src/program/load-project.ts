import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { libFolder, ts } from './typescript.js';
import type { Diagnostics } from '../diagnostics.js';
import { CoreEntry } from './core-entry.js';
import { esLibPlan, type LibCut } from './es-libs.js';
import { leanHost, SourceFileCache } from './lean-host.js';
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
   * Present when @toolwright/core's entry could be cut to the names the files import (see core-entry.ts): whether
   * the rest of it was left out, and why it was not when a file needed it.
   */
  coreEntry?: LibsLeftOut | undefined;
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
 * `withHostLibs` and `withEsLibs` when the tools do. @toolwright/core's entry is cut to the names the files that may
 * declare tools import, and the program built again with all of it when a file read later needs more (core-entry.ts).
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
  const core = options.allLibs ? undefined : CoreEntry.of(files.texts);
  const host = leanHost(parsed.options, files.texts, options.sourceFiles ?? new SourceFileCache(), recorder, cut, core);
  // The first program leaves a part of a base lib file out too (es-libs.ts): its host serves that file without it.
  const build = (compilerOptions: ts.CompilerOptions) => {
    cut.current = compilerOptions === first ? esPlan?.cut : undefined;
    if (core) core.servedCut = false;
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
  // A file read after core's entry was served cut needs more of it (core-entry.ts): built again with all of it.
  if (core?.reason !== undefined && core.servedCut) {
    program = build(start);
    timing?.(`program with all of @toolwright/core (${core.reason})`);
  }
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
      coreEntry: core && { leftOut: core.cut, ...(core.reason !== undefined ? { reason: core.reason } : {}) },
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
