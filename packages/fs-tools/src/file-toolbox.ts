import { Toolbox, type ToolboxOptions } from '@toolwright/core';
import { FileTools } from './file-tools.js';
import type { FileToolsOptions } from './options.js';
import { manifest } from './tools.generated.js';

/** The manifest gen-tools wrote for FileTools (list_files, read_file, write_file). */
export const fileToolsManifest = manifest;

/** A Toolbox holding one FileTools confined to `root`: the short way to hand the file tools to an Agent. */
export function createFileToolbox(root: string, options: FileToolsOptions = {}, toolboxOptions: ToolboxOptions = {}): Toolbox {
  return new Toolbox([new FileTools(root, options)], manifest, toolboxOptions);
}
