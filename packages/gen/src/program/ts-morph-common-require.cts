// '#ts-morph-common' in the built package: the parts of @ts-morph/common that gen uses, loaded lean. Its
// TypeScript (the copy ts-morph 28 wraps) is required directly, as plain CommonJS: an ES module import would have
// Node scan its 9 MB for named exports. Its lib files are read from dist/libs, which the build writes from
// @ts-morph/common (scripts/postbuild.mjs), each when first asked for: @ts-morph/common's own module holds them all
// as one 3 MB script, about 25 ms of every run to load. Without dist/libs it is loaded after all.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type * as Common from '@ts-morph/common';

const ts = require('@ts-morph/common/dist/typescript.js') as typeof Common.ts;
const libDir = join(__dirname, '../../libs');

/** The lib files, their text read when first asked for. */
function getLibFiles(): { fileName: string; readonly text: string }[] {
  if (!existsSync(libDir)) return (require('@ts-morph/common') as typeof Common).getLibFiles();
  return readdirSync(libDir)
    .sort()
    .map((fileName) => {
      let text: string | undefined;
      return {
        fileName,
        get text() {
          return (text ??= readFileSync(join(libDir, fileName), 'utf8'));
        },
      };
    });
}

// Opaque to Node's export scanner (see ts-morph.ts): taken as the default export.
const common = { ts, getLibFiles, libFolderInMemoryPath: '/node_modules/typescript/lib' };
module.exports = common;
