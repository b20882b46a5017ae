// V8's compiled code of TypeScript's compiler, kept from one gen-tools run for the next. typescript.js is 9 MB of
// JavaScript: compiling it (and the functions a run calls) takes 0.2 to 0.3 s of every run, a tenth of a cold
// gen-tools. gen keeps it with V8's code cache (`vm.Script` cachedData), as v8-compile-cache did for older CLIs,
// written when the process exits so that it holds every function the run compiled. Node 22.1+ has a compile cache of
// its own (`module.enableCompileCache()`, which tsc calls for itself): it holds less of typescript.js (2.5 MB of code
// against gen's 3.7 MB on Node 24), and a cold run through it took 100 to 140 ms more on Nodes 22 and 24. So gen's
// serves typescript.js and the CLI's bundle on every Node, and Node's the few modules around them.
// Only the CLI turns it on (`enableCodeCache`): the programmatic API writes nothing outside the user's outputs.
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import Module = require('node:module');
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { Script } from 'node:vm';

const ENABLED = Symbol.for('@toolwright/gen code cache');
/** Set on a thread that reads the cache and never writes it (a shard's worker: the main thread writes the same). */
const READ_ONLY = Symbol.for('@toolwright/gen code cache, read only');
/** Cache files kept in the folder (one per copy of TypeScript and Node version, 2 to 4 MB each); older ones go. */
const KEPT_FILES = 8;

type GlobalWithCache = typeof globalThis & { [ENABLED]?: string; [READ_ONLY]?: boolean };

/**
 * Turns the cache on for this thread: gen's for typescript.js and the CLI's bundle (in `$NODE_COMPILE_CACHE`, or the
 * temporary folder, as Node's), and Node's own for the rest where it has one. `NODE_DISABLE_COMPILE_CACHE=1` turns
 * both off. `readOnly`: gen's cache is read, never written (a worker thread, ended as soon as it answers, while the
 * main thread writes the same file).
 */
export function enableCodeCache(readOnly = false): void {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return;
  if (readOnly) (globalThis as GlobalWithCache)[READ_ONLY] = true;
  (Module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  (globalThis as GlobalWithCache)[ENABLED] = join(
    process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'node-compile-cache'),
    'toolwright-gen',
  );
}

/** Whether this thread's code cache is on (a shard's worker turns its own on when the main thread's is). */
export function codeCacheEnabled(): boolean {
  const { getCompileCacheDir } = Module as { getCompileCacheDir?: () => string | undefined };
  return (globalThis as GlobalWithCache)[ENABLED] !== undefined || getCompileCacheDir?.() !== undefined;
}

/**
 * `require(specifier)` from gen's folder; with gen's code cache on (the CLI), the module's code comes from
 * the cache when V8 accepts it, and the cache is written when the process exits (so that it holds the functions the
 * run compiled) when it was missing or refused. Any failure of the cache falls back to a plain compile.
 */
export function requireCached(specifier: string): unknown {
  const folder = (globalThis as GlobalWithCache)[ENABLED];
  const filename = require.resolve(specifier);
  if (!folder || require.cache[filename]) return require(specifier);
  const source = readSource(filename);
  const stat = statSync(filename);
  const cacheFile = join(
    folder,
    `${cacheName(specifier)}-${process.version}-${process.arch}-${stat.size}-${Math.floor(stat.mtimeMs)}.v8`,
  );
  const cachedData = readPrivate(folder, cacheFile);
  const script = new Script(Module.wrap(source), { filename, ...(cachedData ? { cachedData } : {}) });
  if ((!cachedData || script.cachedDataRejected) && !(globalThis as GlobalWithCache)[READ_ONLY])
    process.once('exit', () => writePrivate(folder, cacheFile, script));
  const loaded = new Module(filename, module) as NodeJS.Module & { paths: string[] };
  loaded.filename = filename;
  loaded.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(filename));
  const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => void;
  require.cache[filename] = loaded;
  try {
    wrapper.call(loaded.exports, loaded.exports, Module.createRequire(filename), loaded, filename, dirname(filename));
  } catch (error) {
    delete require.cache[filename];
    throw error;
  }
  loaded.loaded = true;
  return loaded.exports;
}

/**
 * The start of a module's cache file name: a package's name (`typescript`), or for a file given by its path (the
 * CLI's bundle) its name and a digest of its folder, so that two copies of gen never share a file and a deep folder
 * never makes the name too long to write.
 */
function cacheName(specifier: string): string {
  if (!isAbsolute(specifier)) return specifier.replace(/[^\w.-]/g, '_');
  const folder = createHash('sha256').update(dirname(specifier)).digest('hex').slice(0, 16);
  return `${basename(specifier).replace(/[^\w.-]/g, '_')}-${folder}`;
}

/**
 * A module's text. typescript.js is 9 MB of ASCII: read as Latin-1 it is the same string, made by a copy instead of
 * UTF-8 decoding (15 ms less of every run's 30).
 */
function readSource(filename: string): string {
  const bytes = readFileSync(filename);
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/**
 * The cache file's bytes, read only from a folder of this user that no one else can write to (V8 trusts the code it
 * is given): another user's planted file is never run.
 */
function readPrivate(folder: string, file: string): Buffer | undefined {
  try {
    if (!isPrivateFolder(folder)) return undefined;
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

function writePrivate(folder: string, file: string, script: Script): void {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (!isPrivateFolder(folder)) return;
    const temporary = `${file}.${process.pid}.tmp`;
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      writeSync(fd, script.createCachedData());
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    removeOldest(folder);
  } catch {
    // A cache that cannot be written costs the next run its compile, nothing more.
  }
}

/** Removes all but the newest KEPT_FILES cache files (an upgrade of TypeScript or Node leaves the old ones behind). */
function removeOldest(folder: string): void {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.v8'))
    .map((name) => ({ path: join(folder, name), mtimeMs: statSync(join(folder, name)).mtimeMs }))
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { path } of files.slice(KEPT_FILES)) unlinkSync(path);
}

function isPrivateFolder(folder: string): boolean {
  const stat = statSync(folder);
  if (!stat.isDirectory()) return false;
  if (process.platform === 'win32') return true;
  return stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0;
}
