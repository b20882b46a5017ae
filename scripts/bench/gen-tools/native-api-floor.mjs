// The floor under any gen-tools on TypeScript 7's API (issue 36): Node started, the API loaded, the project opened
// (tsgo parses it and builds its program) and the tsconfig's root files fetched as syntax trees; no question asked,
// nothing written. `open` instead of `files` stops after opening the project.
// Usage: node native-api-floor.mjs <tsconfig> [files|open]
import { createRequire } from 'node:module';

const gen = createRequire(new URL('../../../packages/gen/package.json', import.meta.url));
const { API } = await import(gen.resolve('typescript7/unstable/sync'));
const [tsconfig, mode = 'files'] = process.argv.slice(2);
const api = new API({ cwd: process.cwd() });
const project = api.updateSnapshot({ openProjects: [tsconfig] }).getProjects()[0];
let fetched = 0;
if (mode === 'files') for (const name of project.rootFiles) if (project.program.getSourceFile(name)) fetched++;
api.close();
process.stdout.write(`${fetched} files\n`);
