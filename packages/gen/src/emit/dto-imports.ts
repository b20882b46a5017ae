import type { Revival } from '@toolwright/core';
import type { InputRecorder } from '../program/inputs.js';
import { ts } from '../program/typescript.js';
import type { Report } from '../schema/contract.js';
import type { DescribedTool } from './check-tools.js';

/**
 * The TS module imports class-transformer where a tool takes a DTO class, and class-validator where a DTO class has
 * its decorators (emit/render-module.ts). One that does not resolve from the module's folder is reported at the
 * first tool that needs it, as the module would otherwise fail to compile or load with no word of why. Module
 * resolution's questions go to the recorder, so that a cached run sees the package once it is installed.
 */
export function checkDtoLibraries(
  tools: readonly DescribedTool[],
  outFile: string,
  compilerOptions: ts.CompilerOptions,
  report: Report,
  recorder: InputRecorder | undefined,
): void {
  const firstNeed = new Map<string, DescribedTool>();
  for (const entry of tools) {
    for (const param of entry.tool.params) {
      for (const dto of param.revive ? dtoClasses(param.revive) : []) {
        if (!firstNeed.has(TRANSFORMER)) firstNeed.set(TRANSFORMER, entry);
        if (dto.validate && !firstNeed.has(VALIDATOR)) firstNeed.set(VALIDATOR, entry);
      }
    }
  }
  const host = recordingHost(recorder);
  for (const [library, { tool, found }] of firstNeed) {
    if (ts.resolveModuleName(library, outFile, compilerOptions, host).resolvedModule) continue;
    report(
      found.method,
      'warning',
      `${tool.class}.${tool.method} takes a DTO class, which the Toolbox ${USES[library]}: the generated module ` +
        `imports ${library}, which is not installed where it can resolve it (npm install ${library})`,
    );
  }
}

const TRANSFORMER = 'class-transformer';
const VALIDATOR = 'class-validator';
const USES: Record<string, string> = {
  [TRANSFORMER]: 'builds with class-transformer',
  [VALIDATOR]: 'checks with class-validator',
};

/** The DTO classes a revival builds, nested ones included. */
function* dtoClasses(revival: Revival): Generator<Extract<Revival, { kind: 'class' }>> {
  switch (revival.kind) {
    case 'class':
      yield revival;
      for (const inner of Object.values(revival.properties ?? {})) yield* dtoClasses(inner);
      return;
    case 'object':
      for (const inner of Object.values(revival.properties)) yield* dtoClasses(inner);
      return;
    case 'record':
      yield* dtoClasses(revival.values);
      return;
    case 'array':
      yield* dtoClasses(revival.items);
      return;
    case 'set':
      if (revival.items) yield* dtoClasses(revival.items);
      return;
    case 'tuple':
      for (const item of revival.items) if (item) yield* dtoClasses(item);
      return;
    default:
      return;
  }
}

/** The file system, as module resolution asks it, each question told to the recorder. */
function recordingHost(recorder: InputRecorder | undefined): ts.ModuleResolutionHost {
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
