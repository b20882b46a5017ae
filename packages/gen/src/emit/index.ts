import { createHash } from 'node:crypto';
import { relative, sep } from 'node:path';
import type { ManifestTool } from '@toolwright/core';
import { GEMINI_MAX_TOOLS } from '@toolwright/core';
import type { ToolEntry } from '../describe/tool-entry.js';
import type { ResolvedOptions } from '../options.js';
import { ts } from '../program/typescript.js';
import type { ExtensionStyle } from './import-specifier.js';
import { perTool } from './per-tool.js';
import { renderJson } from './render-json.js';
import { renderModule } from './render-module.js';
import type { renderValidators } from './render-validators.js';

/** The text of a generated file, and the part of it that each tool owns (for `--check` to name stale tools). */
export interface RenderedOutput {
  text: string;
  /** Each tool's block, and where its text starts in the file's text. */
  blocks: { name: string; text: string; start: number }[];
}

export type OutputKind = 'module' | 'json' | 'validators';

export interface Output {
  path: string;
  kind: OutputKind;
  rendered: RenderedOutput;
}

/**
 * The content hash written into both outputs (`manifest.hash`): SHA-256 of the manifest's JSON (version and tools,
 * without class thunks), first 16 hex digits. It depends only on what the manifest says, never on the machine, the
 * paths or the order files were found in, so CI and a developer's machine agree on it.
 */
export function manifestHash(tools: readonly ManifestTool[]): string {
  // The text of JSON.stringify({ version: 1, tools }), each tool's part kept from run to run.
  const json = `{"version":1,"tools":[${tools.map(compactJson).join(',')}]}`;
  return `sha256:${createHash('sha256').update(json).digest('hex').slice(0, 16)}`;
}

const compactJson = perTool((tool) => JSON.stringify(tool));

/** The renderers loaded on demand: ajv (the validators module's compiler, some 40 ms to load) only for `--validators`. */
export interface Renderers {
  validators?: typeof renderValidators;
}

/** The renderers `renderOutputs` needs for these options. */
export async function loadRenderers(options: Pick<ResolvedOptions, 'validatorsFile'>): Promise<Renderers> {
  if (options.validatorsFile === undefined) return {};
  return { validators: (await import('./render-validators.js')).renderValidators };
}

/** The outputs the options ask for: the validators module, the TS module (which imports it), the JSON manifest. */
export function renderOutputs(
  manifest: { tools: readonly ManifestTool[]; hash: string },
  described: readonly ToolEntry[],
  options: ResolvedOptions,
  project: { projectDir: string; compilerOptions: ts.CompilerOptions },
  renderers: Renderers,
): Output[] {
  const { outFile, jsonFile, validatorsFile } = options;
  const { tools, hash } = manifest;
  const outputs: Output[] = [];
  if (outFile !== undefined) {
    const command = regenerateCommand(project.projectDir, options);
    if (validatorsFile !== undefined) {
      if (!renderers.validators) throw new Error('renderOutputs: --validators needs the renderers of loadRenderers()');
      outputs.push({ path: validatorsFile, kind: 'validators', rendered: renderers.validators({ tools, command }) });
    }
    const rendered = renderModule({
      tools: described,
      outFile,
      projectDir: project.projectDir,
      extensionStyle: extensionStyle(project.compilerOptions),
      command,
      hash,
      ...(validatorsFile !== undefined ? { validatorsFile } : {}),
    });
    outputs.push({ path: outFile, kind: 'module', rendered });
  }
  if (jsonFile !== undefined) outputs.push({ path: jsonFile, kind: 'json', rendered: renderJson(tools, hash) });
  return outputs;
}

/**
 * The command line for the generated header: the command that made the outputs (`--json` included, so that running
 * it updates both), with paths relative to the tsconfig folder so that the module does not depend on where it was
 * made. Flags that change no output (`--check`, `--watch`, the cache) are left out.
 */
function regenerateCommand(projectDir: string, options: ResolvedOptions): string {
  const { projectFile, outFile, jsonFile, validatorsFile, nameStyle, maxTools } = options;
  const path = (file: string) => shellWord(relative(projectDir, file).split(sep).join('/'));
  const parts = ['gen-tools', '--project', path(projectFile), '--out', path(outFile!)];
  if (jsonFile !== undefined) parts.push('--json', path(jsonFile));
  if (validatorsFile !== undefined) parts.push('--validators', path(validatorsFile));
  if (nameStyle !== 'preserve') parts.push('--name-style', nameStyle);
  if (maxTools !== GEMINI_MAX_TOOLS) parts.push('--max-tools', String(maxTools));
  return parts.join(' ');
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `node16`/`nodenext` resolution needs the emitted extension (`./service.js`), or the source one when the
 * compiler rewrites it (`rewriteRelativeImportExtensions`); bundler and classic resolution take none.
 */
export function extensionStyle(options: ts.CompilerOptions): ExtensionStyle {
  const nodeModules = [ts.ModuleKind.Node16, ts.ModuleKind.Node18, ts.ModuleKind.Node20, ts.ModuleKind.NodeNext];
  const resolution =
    options.moduleResolution ??
    (options.module !== undefined && nodeModules.includes(options.module)
      ? ts.ModuleResolutionKind.NodeNext
      : ts.ModuleResolutionKind.Bundler);
  if (resolution !== ts.ModuleResolutionKind.Node16 && resolution !== ts.ModuleResolutionKind.NodeNext) return 'none';
  return options.rewriteRelativeImportExtensions ? 'ts' : 'js';
}
