import { Toolbox, type ToolboxOptions } from '@toolwright/core';
import { FileTools } from './file-tools.js';
import { DEFAULTS, type FileToolsOptions } from './options.js';
import { manifest } from './tools.generated.js';

/** The manifest gen-tools wrote for FileTools (list_files, read_file, write_file). */
export const fileToolsManifest = manifest;

/**
 * A Toolbox holding one FileTools confined to `root`: the short way to hand the file tools to an Agent.
 * The Toolbox's result cap (`maxResultSize`, in JSON characters) defaults to twice the read limit, so that a file
 * `read_file` accepts is not cut by the Toolbox afterwards (a plain Toolbox caps results at 100,000 characters).
 */
export function createFileToolbox(
  root: string,
  options: FileToolsOptions = {},
  toolboxOptions: ToolboxOptions = {},
): Toolbox {
  const maxResultSize =
    toolboxOptions.maxResultSize ?? Math.max(100_000, 2 * (options.maxReadBytes ?? DEFAULTS.maxReadBytes));
  return new Toolbox([new FileTools(root, options)], manifest, { ...toolboxOptions, maxResultSize });
}
