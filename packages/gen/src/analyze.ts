import { relative, sep } from 'node:path';
import type { ToolManifest } from '@toolwright/core';
import { ts } from './program/typescript.js';
import { GEMINI_MAX_TOOLS } from './describe/gemini-names.js';
import { checkTools, type DescribedTool } from './describe/check-tools.js';
import { CoreSymbols } from './discover/core-symbols.js';
import { describeTool } from './describe/describe-tool.js';
import type { Diagnostic } from './diagnostic.js';
import { Diagnostics } from './diagnostics.js';
import { findTools, type DecoratedMethod } from './discover/find-tools.js';
import { reachesHostLibs, toolRoots } from './program/host-libs.js';
import { extensionStyle } from './emit/import-specifier.js';
import type { InputRecorder } from './program/inputs.js';
import { loadProject, type LoadedProject, type SourceFileCache } from './program/load-project.js';
import { manifestHash } from './emit/manifest-hash.js';
import type { NameStyle } from './describe/name-style.js';
import { renderJson } from './emit/render-json.js';
import { renderModule } from './emit/render-module.js';
import { renderValidators } from './emit/render-validators.js';
import type { RenderedOutput } from './emit/rendered-output.js';

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
}

export type OutputKind = 'module' | 'json' | 'validators';

/** What one reading of the project gives: everything `generate` needs to write or check the outputs. */
export interface Analysis {
  manifest: ToolManifest;
  /** Sorted by file and position. */
  diagnostics: Diagnostic[];
  /** Empty when there are errors. */
  outputs: { path: string; kind: OutputKind; rendered: RenderedOutput }[];
  /**
   * Whether the host libs were left out of the program (see host-libs.ts), or why they are needed; absent when it had
   * none to leave out. (In `--watch` they may be kept for one run after the last need for them is gone.)
   */
  hostLibs?: { leftOut: boolean; reason?: string };
}

/**
 * State kept between runs by `--watch`: parsed files and the last program, reused where nothing changed, and the
 * tools of each file with the files they were described from (the file itself, what it imports, directly or not,
 * and the project's global declarations): a file none of whose files changed keeps its tools and diagnostics.
 */
export interface AnalyzeState {
  sourceFiles: SourceFileCache;
  program?: ts.Program;
  files?: Map<string, FileTools>;
  /** The last run needed the host libs: this one starts with them (and finds out whether it still does). */
  hostLibsNeeded?: boolean;
  /** The global declaration files of the last run (see globalFiles). */
  globals?: ts.SourceFile[];
}

interface FileTools {
  /** The parsed files the result depends on; the same objects when their text did not change. */
  inputs: readonly ts.SourceFile[];
  described: DescribedTool[];
  diagnostics: Diagnostic[];
}

/** Reads the project with TypeScript and renders the outputs (or the diagnostics that prevent them). */
export function analyze(options: ResolvedOptions, recorder?: InputRecorder, state?: AnalyzeState): Analysis {
  const { projectFile, outFile, jsonFile, validatorsFile, nameStyle } = options;
  const diagnostics = new Diagnostics();
  const timing = process.env.TOOLWRIGHT_GEN_TIMING === '1' ? phaseTimer() : undefined;
  let loaded = loadProject(projectFile, diagnostics, {
    skipFiles: [outFile, jsonFile, validatorsFile].filter((file) => file !== undefined),
    ...(timing ? { timing } : {}),
    ...(recorder ? { recorder } : {}),
    ...(process.env.TOOLWRIGHT_GEN_ALL_LIBS === '1' ? { allLibs: true } : {}),
    ...(state ? { sourceFiles: state.sourceFiles, ...(state.program ? { oldProgram: state.program } : {}) } : {}),
    ...(state?.hostLibsNeeded ? { startWithHostLibs: true } : {}),
  });
  let { checker } = loaded;
  let core = new CoreSymbols(checker);
  const { projectDir } = loaded;
  reportSyntaxErrors(loaded, diagnostics);
  const rootNames = new Set(loaded.rootNames);
  const isProjectFile = (fileName: string) => rootNames.has(fileName);
  const known = state?.files;
  const globals = state ? globalFiles(loaded.program) : [];
  // First the tools of every file (a file none of whose inputs changed keeps its result from the last run)...
  const found = loaded.candidates.map((file) => {
    const inputs = state ? [...dependencies(file, checker), ...globals] : [];
    const previous = known?.get(file.fileName);
    const kept = previous && sameFiles(previous.inputs, inputs) ? previous : undefined;
    const local = new Diagnostics();
    const methods = kept ? kept.described.map((tool) => tool.found) : findTools([file], core, local.report, checker);
    return { file, inputs, kept, local, methods };
  });
  // ...then the program they need: when the files do not need the host libs, the tools may not either.
  const settled = withNeededLibs(loaded, found, core, globals, state);
  const { reason } = settled.hostLibs ?? {};
  timing?.(!settled.hostLibs ? 'tools found' : reason ? `tools found, host libs needed (${reason})` : 'tools found, host libs not needed');
  if (settled.loaded !== loaded) {
    loaded = settled.loaded;
    checker = loaded.checker;
    core = new CoreSymbols(checker);
  }
  const { hostLibs } = settled;
  if (state) state.program = loaded.program;
  const files = new Map<string, FileTools>();
  const described: DescribedTool[] = [];
  for (const entry of found) {
    const fileTools: FileTools = entry.kept ?? {
      inputs: entry.inputs,
      described: entry.methods.map((method) => ({
        found: method,
        tool: describeTool(method, { projectDir, nameStyle, core, report: entry.local.report, checker, isProjectFile }),
      })),
      diagnostics: entry.local.list,
    };
    files.set(entry.file.fileName, fileTools);
    described.push(...fileTools.described);
    for (const diagnostic of fileTools.diagnostics) diagnostics.add(diagnostic);
  }
  if (state) state.files = files;
  timing?.('describe');
  checkTools(described, projectDir, diagnostics.report, checker, options.maxTools);
  if (described.length === 0 && !diagnostics.hasErrors()) {
    diagnostics.add({ file: projectFile, line: 1, column: 1, severity: 'warning', message: 'no @tool() methods found in the files of this tsconfig' });
  }
  const tools = described.map(({ tool }) => tool);
  const hash = manifestHash(tools);
  const manifest: ToolManifest = { version: 1, hash, tools };
  const analysis: Analysis = { manifest, diagnostics: diagnostics.sorted(), outputs: [], ...(hostLibs ? { hostLibs } : {}) };
  if (diagnostics.hasErrors()) return analysis;

  if (outFile !== undefined) {
    const command = regenerateCommand(projectDir, projectFile, outFile, jsonFile, nameStyle, options.maxTools, validatorsFile);
    if (validatorsFile !== undefined) {
      analysis.outputs.push({ path: validatorsFile, kind: 'validators', rendered: renderValidators({ tools, command }) });
    }
    const rendered = renderModule({
      tools: described.map(({ tool, found }) => ({ tool, exportName: found.exportName })),
      outFile,
      projectDir,
      extensionStyle: extensionStyle(loaded.compilerOptions),
      command,
      hash,
      ...(validatorsFile !== undefined ? { validatorsFile } : {}),
    });
    analysis.outputs.push({ path: outFile, kind: 'module', rendered });
  }
  if (jsonFile !== undefined) analysis.outputs.push({ path: jsonFile, kind: 'json', rendered: renderJson(tools, hash) });
  timing?.('render');
  return analysis;
}

/**
 * The project with the lib files its tools need (see host-libs.ts): as loaded, or built again with the host libs
 * when the tools reach them. In --watch, after a run that needed no host lib, the tools of a file whose inputs did
 * not change still need none (the walk from them reads only those inputs), and the global declarations are walked
 * again only when they changed.
 */
function withNeededLibs(
  loaded: LoadedProject,
  found: readonly { kept: FileTools | undefined; methods: DecoratedMethod[] }[],
  core: CoreSymbols,
  globals: ts.SourceFile[],
  state: AnalyzeState | undefined,
): { loaded: LoadedProject; hostLibs: Analysis['hostLibs'] } {
  if (!loaded.hostLibs) return { loaded, hostLibs: undefined };
  let reason = loaded.hostLibs.reason;
  if (reason === undefined) {
    const verified = state?.hostLibsNeeded === false;
    const isToolContext = (type: ts.TypeNode) => core.isToolContext(loaded.checker.getTypeFromTypeNode(type));
    const methods = found.filter((entry) => !(verified && entry.kept)).flatMap((entry) => entry.methods);
    const globalsChanged = !(verified && state?.globals && sameFiles(state.globals, globals));
    reason = reachesHostLibs(loaded.program, toolRoots(methods, isToolContext), globalsChanged);
  }
  if (state) {
    state.hostLibsNeeded = reason !== undefined;
    state.globals = globals;
  }
  if (!reason) return { loaded, hostLibs: { leftOut: loaded.hostLibs.leftOut } };
  return { loaded: loaded.withHostLibs ? loaded.withHostLibs() : loaded, hostLibs: { leftOut: false, reason } };
}

/**
 * The files whose declarations the types of `file` can come from: the file and every file it imports, directly or
 * not (import declarations, re-exports, `import('...')` types), in a stable order.
 */
function dependencies(file: ts.SourceFile, checker: ts.TypeChecker): ts.SourceFile[] {
  const seen = new Set<ts.SourceFile>([file]);
  const queue = [file];
  for (let i = 0; i < queue.length; i++) {
    const current = queue[i]!;
    if (current.isDeclarationFile && current.hasNoDefaultLib) continue; // TypeScript's libs never change
    for (const specifier of moduleSpecifiers(current)) {
      const declaration = checker.getSymbolAtLocation(specifier)?.declarations?.[0];
      const target = declaration?.getSourceFile();
      if (target && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return queue;
}

/** The module names a file refers to; TypeScript's own list (`imports`) when it has one. */
function moduleSpecifiers(file: ts.SourceFile): readonly ts.StringLiteralLike[] {
  const imports = (file as { imports?: readonly ts.StringLiteralLike[] }).imports;
  if (imports) return imports;
  const found: ts.StringLiteralLike[] = [];
  for (const statement of file.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteralLike(statement.moduleSpecifier)) {
      found.push(statement.moduleSpecifier);
    }
  }
  return found;
}

/** Files that can change any type without being imported: global scripts and module augmentations (libs aside). */
function globalFiles(program: ts.Program): ts.SourceFile[] {
  return program
    .getSourceFiles()
    .filter((file) => !program.isSourceFileDefaultLibrary(file) && (!ts.isExternalModule(file) || (file as { moduleAugmentations?: readonly unknown[] }).moduleAugmentations?.length));
}

function sameFiles(a: readonly ts.SourceFile[], b: readonly ts.SourceFile[]): boolean {
  return a.length === b.length && a.every((file, index) => file === b[index]);
}

/** Syntax errors in the files that declare tools (already parsed, so this costs nothing). */
function reportSyntaxErrors(loaded: LoadedProject, diagnostics: Diagnostics): void {
  const { program } = loaded;
  for (const file of loaded.candidates) {
    for (const error of program.getSyntacticDiagnostics(file)) {
      const { line, character } = file.getLineAndCharacterOfPosition(error.start ?? 0);
      diagnostics.add({
        file: file.fileName,
        line: line + 1,
        column: character + 1,
        severity: 'error',
        message: ts.flattenDiagnosticMessageText(error.messageText, '\n'),
      });
    }
  }
}

/** `TOOLWRIGHT_GEN_TIMING=1`: the time of each phase on stderr (for profiling). */
function phaseTimer(): (phase: string) => void {
  let last = performance.now();
  return (phase) => {
    const now = performance.now();
    process.stderr.write(`gen-tools: ${phase} ${(now - last).toFixed(0)} ms\n`);
    last = now;
  };
}

/**
 * The command line for the generated header: the command that made the outputs (`--json` included, so that running
 * it updates both), with paths relative to the tsconfig folder so that the module does not depend on where it was
 * made. Flags that change no output (`--check`, `--watch`, the cache) are left out.
 */
function regenerateCommand(
  projectDir: string,
  projectFile: string,
  outFile: string,
  jsonFile: string | undefined,
  nameStyle: NameStyle,
  maxTools: number,
  validatorsFile: string | undefined,
): string {
  const path = (file: string) => shellWord(relative(projectDir, file).split(sep).join('/'));
  const parts = ['gen-tools', '--project', path(projectFile), '--out', path(outFile)];
  if (jsonFile !== undefined) parts.push('--json', path(jsonFile));
  if (validatorsFile !== undefined) parts.push('--validators', path(validatorsFile));
  if (nameStyle !== 'preserve') parts.push('--name-style', nameStyle);
  if (maxTools !== GEMINI_MAX_TOOLS) parts.push('--max-tools', String(maxTools));
  return parts.join(' ');
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
