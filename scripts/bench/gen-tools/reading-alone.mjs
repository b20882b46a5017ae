// What any TypeScript 6 reading of the bench project costs before gen-tools asks its first question: the bin's
// start (V8's tiering and the code cache set as the bin sets them), TypeScript loaded, the tsconfig read, the program
// built from the files that may declare tools (with the lib files gen starts from) and its checker made. No tool is
// found, described or written. gen-tools cold over this is what finding, describing and writing 1,000 tools cost.
// Plain JavaScript on gen's build, so that no loader of TypeScript sources counts in the process's time.
// Usage: node reading-alone.mjs <tsconfig>
import { raiseTieringBudget } from '../../../packages/gen/dist/esm/cli/tiering.js';
import { enableCodeCache } from '../../../packages/gen/dist/esm/program/code-cache.cjs';

raiseTieringBudget();
enableCodeCache();
const { loadProject } = await import('../../../packages/gen/dist/esm/program/load-project.js');
const { Diagnostics } = await import('../../../packages/gen/dist/esm/diagnostics.js');
const diagnostics = new Diagnostics();
const { program } = loadProject(process.argv[2], diagnostics, { skipFiles: [] });
if (diagnostics.hasErrors()) throw new Error(JSON.stringify(diagnostics.list));
process.stdout.write(`${program.getSourceFiles().length} files\n`);
