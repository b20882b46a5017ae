// What parsing JSDoc costs gen (issue 36 asked whether parsing it only for the tools' declarations is the lever):
// TypeScript 6's parse of the bench project's files with their JSDoc (JSDocParsingMode.ParseAll, as gen parses them)
// and without (ParseNone), in CPU time: once in a fresh process (the first parse also compiles the parser), and
// warm (the median of alternating passes in one process). Prints one JSON line.
//   node --import tsx scripts/bench/gen-tools/jsdoc-parse.ts <folder of .ts files> [all|none]
// With a mode, it parses once in that mode (the fresh-process figure); without, it runs the warm passes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const [folder, mode] = process.argv.slice(2);
if (!folder) throw new Error('usage: jsdoc-parse.ts <folder> [all|none]');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => [join(folder, name), readFileSync(join(folder, name), 'utf8')] as const);
const modes = { all: ts.JSDocParsingMode.ParseAll, none: ts.JSDocParsingMode.ParseNone };

function parseCpuMs(jsDocParsingMode: ts.JSDocParsingMode): number {
  const started = process.cpuUsage();
  for (const [fileName, text] of files)
    ts.createSourceFile(fileName, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode }, false);
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}

if (mode === 'all' || mode === 'none') {
  console.log(JSON.stringify({ mode, cpuMs: parseCpuMs(modes[mode]) }));
} else {
  const passes: Record<'all' | 'none', number[]> = { all: [], none: [] };
  for (let pass = 0; pass < 12; pass++) {
    const order = pass % 2 ? (['all', 'none'] as const) : (['none', 'all'] as const);
    for (const each of order) passes[each].push(parseCpuMs(modes[each]));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  console.log(JSON.stringify({ all: median(passes.all.slice(2)), none: median(passes.none.slice(2)) }));
}
