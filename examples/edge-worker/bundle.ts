// Bundles a worker as `wrangler deploy` would: one minified ES module (names kept), resolved with the conditions edge
// runtimes use (workerd, worker, browser); and the Node server's entry as Node's snapshot builder takes it (one
// CommonJS file). `@toolwright/source` bundles the workspace's sources instead of their builds.
import { build, type Metafile } from 'esbuild';

export interface BundledWorker {
  file: string;
  bytes: number;
  metafile: Metafile;
}

/** `conditions`: in place of the edge runtimes' ones (workerd, worker, browser). */
export async function bundleWorker(
  entry: string,
  file: string,
  options: { fromSource?: boolean; conditions?: string[] } = {},
): Promise<BundledWorker> {
  const result = await build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    minify: true,
    // As wrangler does: class names stay, so errors name ShopService, not a minified letter.
    keepNames: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: [
      ...(options.fromSource === false ? [] : ['@toolwright/source']),
      ...(options.conditions ?? ['workerd', 'worker', 'browser']),
    ],
    metafile: true,
    logLevel: 'silent',
  });
  return {
    file,
    bytes: result.metafile.outputs[Object.keys(result.metafile.outputs)[0]!]!.bytes,
    metafile: result.metafile,
  };
}

/**
 * Bundles a Node entry for a startup snapshot (`node --build-snapshot`), which runs one CommonJS file. Resolved with
 * `toolwright-precompiled` (no validator compiler: nothing compiles at run time) and `browser`, which picks
 * @google/genai's web build: its Node build loads node:http at import, which no snapshot can hold.
 */
export async function bundleForSnapshot(entry: string, file: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    minify: true,
    keepNames: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    conditions: ['@toolwright/source', 'toolwright-precompiled', 'browser'],
    logLevel: 'silent',
  });
}

/** The packages (or workspace packages) that take the most bytes of the bundle, biggest first. */
export function largestInputs(metafile: Metafile, top = 8): { name: string; bytes: number }[] {
  const output = Object.values(metafile.outputs)[0]!;
  const byPackage = new Map<string, number>();
  for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = packageOf(path);
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
  }
  return [...byPackage]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, top);
}

function packageOf(path: string): string {
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = path.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const workspace = /packages\/([^/]+)\//.exec(path);
  if (workspace) return `@toolwright/${workspace[1]} (workspace)`;
  return /src\/tools\.validators/.test(path)
    ? 'the validators module'
    : /src\/tools\.generated/.test(path)
      ? 'the manifest module'
      : 'the app';
}
