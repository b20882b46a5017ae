// The TypeScript that gen uses (the one @ts-morph/common bundles) and the lib files it serves, through the
// '#ts-morph-common' package import, which loads it as plain CommonJS in the built package (see
// ts-morph-common-require.cts): only its default export (module.exports) is read, so that Node never scans its text.
// Import them from here, never from 'ts-morph' or '@ts-morph/common' directly.
//
// gen works on the compiler's own nodes, types and symbols; ts-morph itself is not loaded at run time. Its wrapper
// types stay accepted where the schema builder meets them (tests build their programs with ts-morph's Project).
import common from '#ts-morph-common';

export import ts = common.ts;
export const getLibFiles = common.getLibFiles;
export const libFolderInMemoryPath = common.libFolderInMemoryPath;
export type { Node, Type } from 'ts-morph';
