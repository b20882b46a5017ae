// How a shard's worker starts: the script it runs, from this file's folder. A .cts file knows its folder in both
// builds (dist/esm and dist/cjs, each with its own shard-worker.js) and in the sources (gen's sources may not use
// import.meta, which the CommonJS build cannot compile).
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The folder of shard-worker: this file's, or shard/ below it when this code runs from the CLI's bundle
 * (dist/esm/cli.bundle.cjs, whose folder is dist/esm), which holds no worker of its own.
 */
const shardFolder = basename(__dirname) === 'shard' ? __dirname : join(__dirname, 'shard');

/** What `new Worker(script, { eval: true, execArgv })` is given. */
export interface WorkerScript {
  script: string;
  execArgv?: string[];
}

/**
 * The worker's script: it turns its thread's code cache on when `codeCache` (before TypeScript is loaded, as the bin
 * does on the main thread), then loads shard-worker: the build beside this file, or the TypeScript source when gen
 * runs from its sources (through tsx's require hooks: Node 20's workers do not take the module hooks `--import tsx`
 * sets). Undefined when there is neither (gen bundled into one file): the project is then read on one thread.
 */
export function shardWorkerScript(codeCache: boolean): WorkerScript | undefined {
  const quoted = (path: string) => JSON.stringify(path);
  const built = join(shardFolder, 'shard-worker.js');
  if (existsSync(built)) {
    const cache = codeCache
      ? `require(${quoted(join(shardFolder, '../program/code-cache.cjs'))}).enableCodeCache(true);`
      : '';
    return { script: `${cache}import(${quoted(pathToFileURL(built).href)});` };
  }
  const source = join(shardFolder, 'shard-worker.ts');
  if (!existsSync(source)) return undefined;
  const cache = codeCache
    ? `require(${quoted(join(shardFolder, '../program/code-cache.cts'))}).enableCodeCache(true);`
    : '';
  return {
    script: `require(${quoted(require.resolve('tsx/cjs/api'))}).register();${cache}require(${quoted(source)});`,
    execArgv: ['--conditions=@toolwright/source'],
  };
}
