// The TypeScript that gen uses (the one @ts-morph/common bundles) and its lib files, through the '#ts-morph-common'
// package import: @ts-morph/common itself in the sources, and in the built package its TypeScript loaded directly
// as plain CommonJS with the lib files read from dist/libs (see ts-morph-common-require.cts). Only the default export
// (module.exports) is read, so that Node never scans the module's text for named exports.
// Import them from here, never from 'ts-morph' or '@ts-morph/common' directly.
//
// gen works on the compiler's own nodes, types and symbols; ts-morph itself is not loaded at run time. Its wrapper
// types stay accepted where the schema builder meets them (tests build their programs with ts-morph's Project).
import common from '#ts-morph-common';

export import ts = common.ts;
export const getLibFiles = common.getLibFiles;
export const libFolderInMemoryPath = common.libFolderInMemoryPath;
export type { Node, Type } from 'ts-morph';
