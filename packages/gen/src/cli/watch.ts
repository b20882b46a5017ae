import { readdirSync, watch as watchFs, type FSWatcher } from 'node:fs';
import { dirname, join } from 'node:path';
import { analyze } from '../analyze.js';
import type { ResolvedOptions } from '../options.js';
import { applyAnalysis } from '../generate.js';
import { loadRenderers } from '../emit/index.js';
import { formatDiagnostic } from './format-diagnostic.js';
import { internalErrorText } from './internal-error.js';
import { summaryLine } from './summary.js';
import { InputRecorder, inputsUnchanged, type InputRecord } from '../incremental/inputs.js';
import { outputsOf } from '../incremental/cache.js';
import { SourceFileCache } from '../program/lean-host.js';
import type { WatchState } from '../incremental/watch-state.js';

export interface WatchIo {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
}

/** How long to wait after a change for more changes before regenerating (an editor's save is several events). */
const DEBOUNCE_MS = 25;

/**
 * `gen-tools --watch`: generates once, then again after every change of a file the last run read (or of the
 * folders the tsconfig includes), keeping the parsed files and the program between runs so that only what
 * changed is parsed again. An output is rewritten only when its content changes (no loop with other watchers);
 * diagnostics are printed and watching goes on. Resolves with exit code 0 once `stop` is called (SIGINT).
 */
export async function watchProject(options: ResolvedOptions, io: WatchIo, signal: AbortSignal): Promise<number> {
  const renderers = await loadRenderers(options);
  const state: WatchState = { sourceFiles: new SourceFileCache() };
  const skip = outputsOf(options);
  const watchers = new Map<string, FSWatcher>();
  let inputs: InputRecord | undefined;
  let timer: NodeJS.Timeout | undefined;

  const run = (): void => {
    if (inputs && inputsUnchanged(inputs, skip)) return; // a save that changed nothing
    const recorder = new InputRecorder(skip);
    let line: string;
    try {
      const analysis = analyze(options, { recorder, state, renderers });
      const result = applyAnalysis(analysis, false, options.ignore);
      for (const diagnostic of result.diagnostics) io.err(formatDiagnostic(diagnostic, io.cwd));
      // The summary of a plain run, word for word; every run's line goes to stdout, a log of the session.
      line = summaryLine(result, io.cwd).text;
    } catch (error) {
      line = `gen-tools: internal error: ${internalErrorText(error)}; watching`;
    }
    inputs = recorder.toJSON();
    // Watch before telling: whoever waits for the line may edit at once. A file that changed after this run read
    // it and before its folder was watched sends no event, so a new watcher means one look at the inputs.
    const watching = syncWatchers();
    io.out(line);
    if (watching && !inputsUnchanged(inputs, skip)) schedule();
  };

  /**
   * The folders to watch, each on its own (no recursive watcher that would enter node_modules): the folder of
   * every file read (not TypeScript's libs, which live in memory) and every folder under those the tsconfig
   * includes by wildcard. An event of any other file there costs a comparison of the inputs, nothing more.
   */
  const syncWatchers = (): boolean => {
    let added = false;
    const files = Object.keys(inputs?.files ?? {});
    const folders = new Set<string>(files.map((file) => dirname(file)));
    for (const key of Object.keys(inputs?.listings ?? {})) {
      for (const folder of subfolders(key.slice(2), key[0] === 'R')) folders.add(folder);
    }
    for (const [folder, watcher] of watchers) {
      if (!folders.has(folder)) {
        watcher.close();
        watchers.delete(folder);
      }
    }
    for (const folder of folders) {
      if (watchers.has(folder)) continue;
      try {
        const watcher = watchFs(folder, (_event, name) => changed(folder, name));
        watcher.on('error', () => {
          watcher.close();
          watchers.delete(folder);
        });
        watchers.set(folder, watcher);
        added = true;
      } catch {
        // Gone already: the next change shows it.
      }
    }
    return added;
  };

  const changed = (folder: string, name: string | Buffer | null): void => {
    if (name !== null && skip.has(join(folder, name.toString()))) return; // our own output
    schedule();
  };

  const schedule = (): void => {
    clearTimeout(timer);
    timer = setTimeout(run, DEBOUNCE_MS);
  };

  return new Promise((resolve) => {
    const stop = (): void => {
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
      resolve(0);
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    run();
  });
}

/** `dir` and, when `recursive`, the folders under it (not dependency or hidden folders, as in the listings). */
function subfolders(dir: string, recursive: boolean): string[] {
  const found = [dir];
  if (!recursive) return found;
  for (let i = 0; i < found.length; i++) {
    let entries;
    try {
      entries = readdirSync(found[i]!, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
        found.push(join(found[i]!, entry.name));
    }
  }
  return found;
}
