import type { ManifestTool } from '@toolwright/core';
import type { ToolEntry } from '../describe/tool-entry.js';
import type { ReadRecorder } from '../program/read-recorder.js';
import { ts } from '../program/typescript.js';
import { dtoClasses } from '../schema/revival.js';
import { singleQuoted } from './generated-text.js';
import type { ReportAt } from '../diagnostics.js';

/**
 * The DTO libraries the TS module imports and hands to the Toolbox (`dtoModules`): class-transformer where a tool
 * takes a DTO class, class-validator where a DTO class has its decorators. core never imports them where a bundler
 * can see it, so an app carries them only when its tools use them.
 */
const LIBRARIES = {
  'class-transformer': { local: 'classTransformer', role: 'builds with class-transformer' },
  'class-validator': { local: 'classValidator', role: 'checks with class-validator' },
} as const;

type Library = keyof typeof LIBRARIES;

/** The names the module declares for them (see render-module's RESERVED). */
export const DTO_LOCALS = Object.values(LIBRARIES).map(({ local }) => local);

/** The libraries the module imports for these tools, each with the index of the first tool that needs it. */
export function dtoImports(tools: readonly ManifestTool[]): Map<Library, number> {
  const needed = new Map<Library, number>();
  tools.forEach((tool, index) => {
    for (const param of tool.params) {
      for (const dto of param.revive ? dtoClasses(param.revive) : []) {
        if (!needed.has('class-transformer')) needed.set('class-transformer', index);
        if (dto.validate && !needed.has('class-validator')) needed.set('class-validator', index);
      }
    }
  });
  return needed;
}

/** `import * as classTransformer from 'class-transformer';`, ... */
export function dtoImportStatements(libraries: ReadonlyMap<Library, number>): string[] {
  return orderedLocals(libraries).map(([library, local]) => `import * as ${local} from ${singleQuoted(library)};`);
}

/** The manifest's `dtoModules` line, where there are any. */
export function dtoModulesProperty(libraries: ReadonlyMap<Library, number>): string[] {
  const locals = orderedLocals(libraries).map(([, local]) => local);
  return locals.length ? [`  dtoModules: { ${locals.join(', ')} },`] : [];
}

function orderedLocals(libraries: ReadonlyMap<Library, number>): [Library, string][] {
  return (Object.keys(LIBRARIES) as Library[])
    .filter((library) => libraries.has(library))
    .map((library) => [library, LIBRARIES[library].local]);
}

/**
 * A library the module imports that does not resolve from the module's folder is reported at the first tool that
 * needs it, as the module would otherwise fail to compile or load with no word of why. Module resolution's questions
 * go to the recorder, so that a cached run sees the package once it is installed.
 */
export function checkDtoImports(
  tools: readonly ToolEntry[],
  outFile: string,
  compilerOptions: ts.CompilerOptions,
  report: ReportAt,
  recorder: ReadRecorder | undefined,
): void {
  const host = recordingHost(recorder);
  for (const [library, index] of dtoImports(tools.map(({ tool }) => tool))) {
    if (ts.resolveModuleName(library, outFile, compilerOptions, host).resolvedModule) continue;
    const { tool, sites } = tools[index]!;
    report(
      sites.method,
      'TW6503',
      `${tool.class}.${tool.method} takes a DTO class, which the Toolbox ${LIBRARIES[library].role}: the generated ` +
        `module imports ${library}, which is not installed where it can resolve it (npm install ${library})`,
    );
  }
}

/** The file system, as module resolution asks it, each question told to the recorder. */
function recordingHost(recorder: ReadRecorder | undefined): ts.ModuleResolutionHost {
  const sys = ts.sys;
  if (!recorder) return sys;
  return {
    fileExists: (path) => {
      recorder.probe('f', path);
      return sys.fileExists(path);
    },
    readFile: (path) => {
      const text = sys.readFile(path);
      recorder.read(path, text);
      return text;
    },
    directoryExists: (path) => {
      recorder.probe('d', path);
      return sys.directoryExists(path);
    },
    realpath: (path) => {
      recorder.probe('r', path);
      return sys.realpath ? sys.realpath(path) : path;
    },
    getCurrentDirectory: () => sys.getCurrentDirectory(),
  };
}
