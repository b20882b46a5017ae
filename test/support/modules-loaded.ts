// Which modules a fresh Node process loaded: the tests that hold a cold start to loading a dependency only when it is
// needed (re2js, ajv, class-validator, TypeScript).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Node arguments that make a process log, in `dir`, every module it resolves as an ES module (a resolve hook), and
 * the text of a script function, `loadedModules()`, that gives those and the CommonJS modules it required
 * (require.cache) so far. Its sources load through tsx, with workspace packages resolved to their sources.
 */
export function moduleLogging(dir: string): { nodeArgs: string[]; loadedModules: string } {
  const log = join(dir, 'resolved.txt');
  writeFileSync(log, '');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, result.url + '\\n');
  return result;
}
`,
  );
  const register = join(dir, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  const loadedModules = `async function loadedModules() {
    const { createRequire } = await import('node:module');
    const { readFileSync } = await import('node:fs');
    const resolved = readFileSync(${JSON.stringify(log)}, 'utf8').split('\\n').filter(Boolean);
    return [...resolved, ...Object.keys(createRequire(import.meta.url).cache)];
  }`;
  return {
    nodeArgs: ['--conditions=@toolwright/source', '--import', 'tsx', '--import', pathToFileURL(register).href],
    loadedModules,
  };
}
