// The compiler host gen builds its programs with: each file parsed once per process where it can be (a lib file for
// every program, a project file across `--watch` runs while its text holds), TypeScript's lib files without their
// JSDoc, a lib file without the span a program leaves out (es-libs.ts), and @toolwright/core's entry cut to the names
// the project imports (core-entry.ts).
import type { CoreEntry } from './core-entry.js';
import type { LibCut } from './es-libs.js';
import type { ReadRecorder } from './read-recorder.js';
import { isLibFile, ts } from './typescript.js';

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

/**
 * A compiler host that parses TypeScript's lib files without JSDoc (nothing of it is read there), a lib file without the
 * span `cut` names while a program is built that leaves it out (es-libs.ts), and every other file
 * with it (descriptions and schema tags), with parent pointers (node.getText() and friends need them). The lib files
 * belong to the TypeScript that runs (the cache key holds its version), so they are not recorded as inputs.
 */
export function leanHost(
  options: ts.CompilerOptions,
  texts: ReadonlyMap<string, string>,
  cache: SourceFileCache | undefined,
  recorder: ReadRecorder | undefined,
  cut: { readonly current?: LibCut | undefined },
  core: CoreEntry | undefined,
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
    const source = span
      ? text.slice(0, span.start) + text.slice(span.end)
      : !lib && core
        ? core.serve(fileName, text)
        : text;
    const make = () => ts.createSourceFile(fileName, source, settings, false);
    if (lib) {
      const key = libKey(fileName, options, settings);
      return libSourceFiles.get(span ? `${key}\0without ${span.start}-${span.end}` : key, source, make);
    }
    return cache ? cache.get(`${fileName}\0${String(settings.impliedNodeFormat)}`, source, make) : make();
  };
  return host;
}
