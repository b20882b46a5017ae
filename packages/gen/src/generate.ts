import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { ToolManifest } from '@toolwright/core';
import { checkTools, type DescribedTool } from './check-tools.js';
import { CoreSymbols } from './core-symbols.js';
import { describeTool } from './describe-tool.js';
import type { Diagnostic } from './diagnostic.js';
import { Diagnostics } from './diagnostics.js';
import { DEFAULT_OUT, DEFAULT_PROJECT } from './defaults.js';
import { findTools } from './find-tools.js';
import { extensionStyle } from './import-specifier.js';
import { loadProject, type LoadedProject } from './load-project.js';
import { ts } from 'ts-morph';
import { NAME_STYLES, type NameStyle } from './name-style.js';
import { renderJson, toolNamesInJson } from './render-json.js';
import { renderModule, toolNamesInModule } from './render-module.js';
import type { RenderedOutput } from './rendered-output.js';
import { compareOutput, type StaleOutput } from './stale.js';
import { UsageError } from './usage-error.js';
import { writeFilesAtomically } from './write-files.js';

export interface GenerateOptions {
  /** The project's tsconfig. Default `tsconfig.json`. Relative paths are resolved against `cwd`. */
  project?: string;
  /** The TS module to write (`tools.generated.ts`). Default `src/tools.generated.ts`; `false` writes none. */
  out?: string | false;
  /** The JSON manifest to write, if any. */
  json?: string;
  /** Tool names as methods are written (`preserve`, the default) or in snake_case. */
  nameStyle?: NameStyle;
  /** Write nothing; report in `stale` which outputs differ from what would be written. */
  check?: boolean;
  /** Default `process.cwd()`. */
  cwd?: string;
}

export interface GenerateResult {
  /** The manifest found (also when there are errors: it holds the tools that could be described). */
  manifest: ToolManifest;
  /** Errors and warnings, by file and position; file paths are absolute. */
  diagnostics: Diagnostic[];
  /** Absolute paths of the files written (files whose content did not change are left alone). */
  written: string[];
  /** With `check`: the outputs that are missing or differ. */
  stale: StaleOutput[];
  /** What each output holds (written or not): empty when there are errors. */
  outputs: { file: string; text: string }[];
}


/**
 * Reads the project's `@tool()` methods and writes the manifest as a TS module and, optionally, as JSON.
 * Nothing is written when there is an error diagnostic. Throws `UsageError` for bad options or a missing tsconfig.
 */
export async function generate(options: GenerateOptions = {}): Promise<GenerateResult> {
  const cwd = options.cwd ?? process.cwd();
  const nameStyle = options.nameStyle ?? 'preserve';
  if (!NAME_STYLES.includes(nameStyle)) throw new UsageError(`unknown name style "${String(nameStyle)}" (use ${NAME_STYLES.join(' or ')})`);
  const projectFile = resolve(cwd, options.project ?? DEFAULT_PROJECT);
  if (!existsSync(projectFile)) throw new UsageError(`cannot find the tsconfig ${options.project ?? DEFAULT_PROJECT}`);
  const outFile = options.out === false ? undefined : resolve(cwd, options.out ?? DEFAULT_OUT);
  const jsonFile = options.json === undefined ? undefined : resolve(cwd, options.json);
  if (outFile !== undefined && outFile === jsonFile) throw new UsageError('--out and --json name the same file');
  if (outFile !== undefined && !/\.[mc]?ts$/.test(outFile)) {
    throw new UsageError(`--out writes a TypeScript module: give it a .ts, .mts or .cts name (not ${options.out})`);
  }

  const diagnostics = new Diagnostics();
  const timing = process.env.TOOLWRIGHT_GEN_TIMING === '1' ? phaseTimer() : undefined;
  const loaded = loadProject(projectFile, diagnostics, { skipFiles: [outFile, jsonFile].filter((file) => file !== undefined), timing });
  const { projectDir, checker } = loaded;
  timing?.('load');
  const core = new CoreSymbols(checker);
  reportSyntaxErrors(loaded, diagnostics);
  const rootNames = new Set(loaded.rootNames);
  const isProjectFile = (fileName: string) => rootNames.has(fileName);
  const described: DescribedTool[] = findTools(loaded.candidates, core, diagnostics.report).map((found) => ({
    found,
    tool: describeTool(found, { projectDir, nameStyle, core, report: diagnostics.report, checker, isProjectFile }),
  }));
  timing?.('describe');
  checkTools(described, projectDir, diagnostics.report);
  if (described.length === 0 && !diagnostics.hasErrors()) {
    diagnostics.add({ file: projectFile, line: 1, column: 1, severity: 'warning', message: 'no @tool() methods found in the files of this tsconfig' });
  }
  const manifest: ToolManifest = { version: 1, tools: described.map(({ tool }) => tool) };
  const result: GenerateResult = { manifest, diagnostics: diagnostics.sorted(), written: [], stale: [], outputs: [] };
  if (diagnostics.hasErrors()) return result;

  const outputs: { path: string; rendered: RenderedOutput; namesIn: (text: string) => string[] | undefined }[] = [];
  if (outFile !== undefined) {
    const rendered = renderModule({
      tools: described.map(({ tool, found }) => ({ tool, exportName: found.exportName! })),
      outFile,
      projectDir,
      extensionStyle: extensionStyle(loaded.compilerOptions),
      command: regenerateCommand(projectDir, projectFile, outFile, nameStyle),
    });
    outputs.push({ path: outFile, rendered, namesIn: toolNamesInModule });
  }
  if (jsonFile !== undefined) outputs.push({ path: jsonFile, rendered: renderJson(manifest.tools), namesIn: toolNamesInJson });

  timing?.('render');
  result.outputs = outputs.map(({ path, rendered }) => ({ file: path, text: rendered.text }));
  const changed = outputs.filter(({ path, rendered }) => readIfExists(path) !== rendered.text);
  if (options.check) {
    result.stale = changed.map(({ path, rendered, namesIn }) => compareOutput(path, readIfExists(path), rendered, namesIn)!);
    return result;
  }
  writeFilesAtomically(changed.map(({ path, rendered }) => ({ path, text: rendered.text })));
  result.written = changed.map(({ path }) => path);
  return result;
}

/** Syntax errors in the files that declare tools (already parsed, so this costs nothing). */
function reportSyntaxErrors(loaded: LoadedProject, diagnostics: Diagnostics): void {
  const { program } = loaded;
  for (const file of loaded.candidates) {
    for (const error of program.getSyntacticDiagnostics(file.compilerNode)) {
      const { line, character } = file.compilerNode.getLineAndCharacterOfPosition(error.start ?? 0);
      diagnostics.add({
        file: file.getFilePath(),
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

function readIfExists(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

/**
 * The command line for the generated header: relative to the tsconfig folder, and without the flags that do not
 * change the module (`--json`, `--check`), so that the module does not depend on where or how it was made.
 */
function regenerateCommand(projectDir: string, projectFile: string, outFile: string, nameStyle: NameStyle): string {
  const path = (file: string) => shellWord(relative(projectDir, file).split(sep).join('/'));
  const parts = ['gen-tools', '--project', path(projectFile), '--out', path(outFile)];
  if (nameStyle !== 'preserve') parts.push('--name-style', nameStyle);
  return parts.join(' ');
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
