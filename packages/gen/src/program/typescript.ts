// The TypeScript gen runs: the copy ts-morph bundles, through the public entry point of @ts-morph/common (its `ts`,
// its lib files, and the in-memory folder where a program finds them; loaded as ts-morph-common.cts says). Import
// them from here, never from 'ts-morph' or '@ts-morph/common' directly. gen works on the compiler's own nodes, types
// and symbols: ts-morph itself is not loaded (its tests use it to build programs, and hand gen the compiler objects
// inside).
import common from '#ts-morph-common';

export import ts = common.ts;
export const getLibFiles = common.getLibFiles;
export const libFolderInMemoryPath = common.libFolderInMemoryPath;
