// The parts of ts-morph (and of the TypeScript it bundles) that gen uses, through the '#ts-morph' and
// '#ts-morph-common' package imports, which load them as plain CommonJS in the built package (see
// ts-morph-require.cts): only their default export (module.exports) is read, so that Node never scans their text.
// Import them from here, never from 'ts-morph' directly.
import tsMorph from '#ts-morph';
import common from '#ts-morph-common';

export import ts = tsMorph.ts;
export import Node = tsMorph.Node;
export import SyntaxKind = tsMorph.SyntaxKind;
export const createWrappedNode = tsMorph.createWrappedNode;
export const getLibFiles = common.getLibFiles;
export const getSyntaxKindName = common.getSyntaxKindName;
export const libFolderInMemoryPath = common.libFolderInMemoryPath;
export type {
  ClassDeclaration,
  Decorator,
  Expression,
  JSDoc,
  JSDocParameterTag,
  JSDocTag,
  MethodDeclaration,
  ParameterDeclaration,
  SourceFile,
  Type,
  TypeNode,
} from '#ts-morph';
