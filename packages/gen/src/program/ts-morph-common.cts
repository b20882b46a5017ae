// What gen takes from @ts-morph/common (its public entry point): the TypeScript ts-morph bundles, its lib files, and
// the in-memory folder a program finds them in. Required as CommonJS, reached through package.json "imports"
// (`#ts-morph-common`): an ES module import of @ts-morph/common would have Node scan its 3 MB for named exports,
// about 60 ms of every run. Its `module.exports` here is an object Node's scanner cannot read names from, so it
// scans nothing and the ES module side takes the default export.
import type * as Common from '@ts-morph/common';

const common: typeof Common = require('@ts-morph/common');
const tsMorphCommon = {
  ts: common.ts,
  getLibFiles: common.getLibFiles,
  libFolderInMemoryPath: common.libFolderInMemoryPath,
};
export = tsMorphCommon;
