// Where a cold gen-tools run's CPU goes (issue 36): runs gen-tools with `node --cpu-prof` and sorts every sample
// by what it was doing: loading TypeScript, parsing (lib files apart), binding, building the program, the checker's
// answers to gen's questions, gen's own code (describing, rendering), garbage collection, Node itself. Prints one
// JSON line: the mean milliseconds of each part over the runs, and the mean total.
//   node --import tsx scripts/bench/gen-tools/cpu-profile.ts <runs> <gen-tools cli.js> [gen-tools arguments...]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [runsArg, ...command] = process.argv.slice(2);
const runs = Number(runsArg);
if (!(runs > 0) || command.length === 0) throw new Error('usage: cpu-profile.ts <runs> <cli.js> [arguments...]');

const folder = mkdtempSync(join(tmpdir(), 'gen-tools-profile-'));
// The profiled runs keep gen's code cache in a folder of their own, filled by a first profiled run whose profile is
// not counted: on Nodes 22 and 24 V8 refuses code cached without the profiler's flags (and the other way round), so
// sharing the bench's folder would have profiled a compile, and left the bench's next run one too.
const codeCache = join(folder, 'code-cache');
const profiles = join(folder, 'profiles');
const totals = new Map<string, number>();
try {
  for (let run = 0; run <= runs; run++) {
    const child = spawnSync(
      process.execPath,
      ['--cpu-prof', '--cpu-prof-dir', run === 0 ? join(folder, 'warm-up') : profiles, ...command],
      { encoding: 'utf8', env: { ...process.env, NODE_COMPILE_CACHE: codeCache } },
    );
    if (child.status !== 0) throw new Error(`gen-tools exited ${child.status}:\n${child.stderr}`);
  }
  for (const file of readdirSync(profiles)) tally(JSON.parse(readFileSync(join(profiles, file), 'utf8')) as Profile);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
const parts = Object.fromEntries(
  [...totals].sort((a, b) => b[1] - a[1]).map(([part, us]) => [part, Math.round(us / runs / 1000)]),
);
const total = Object.values(parts).reduce((sum, ms) => sum + ms, 0);
console.log(JSON.stringify({ runs, parts, total }));

/** Adds each sample's time to the part of the run its stack belongs to. */
function tally(profile: Profile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const partOfNode = new Map<number, string>();
  profile.samples.forEach((id, index) => {
    let part = partOfNode.get(id);
    if (part === undefined) {
      const stack: ProfileNode[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) stack.push(byId.get(at)!);
      part = partOf(stack);
      partOfNode.set(id, part);
    }
    totals.set(part, (totals.get(part) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
}

/** The part of the run a stack (innermost frame first) belongs to. */
function partOf(stack: ProfileNode[]): string {
  const names = new Set(stack.map((node) => node.callFrame.functionName));
  const leaf = stack[0]!.callFrame.functionName;
  if (leaf === '(garbage collector)') return 'garbage collection';
  if (leaf === '(idle)' || leaf === '(program)') return 'Node: start, module loading, idle, other';
  if (names.has('requireCached') || stack.some((node) => node.callFrame.url.endsWith('/typescript-cjs.cjs')))
    return 'load TypeScript (compile and run typescript.js)';
  if (names.has('createSourceFile'))
    return names.has('processLibReferenceDirectives')
      ? "parse TypeScript's lib files"
      : 'parse the project and its imports';
  if (names.has('bindSourceFile')) return 'bind every file (the checker is made)';
  if (names.has('createProgram')) return 'build the program (module resolution, file lookups)';
  const inGen = stack.findIndex((node) => node.callFrame.url.includes('/packages/gen/dist/'));
  if (inGen < 0) return 'Node: start, module loading, idle, other';
  const rendering = names.has('renderOutputs') || names.has('applyAnalysis') || names.has('writeCache');
  if (inGen > 0 && isTypeScript(stack[inGen - 1]!))
    return rendering ? "gen's render and writes" : "the checker and AST, answering gen's questions";
  return rendering ? "gen's render and writes" : "gen's own code: find, describe, check the tools";
}

function isTypeScript(node: ProfileNode): boolean {
  return /\/typescript\/lib\/typescript\.js$/.test(node.callFrame.url);
}
