// The render after a read on several threads against the render after one thread's, in one process, on the same
// project: its tools as described (one thread), passed through one structured clone, and through one clone per half
// of the files, as two shards' workers send them (a schema that tools of both halves share is then one object per
// half). Each round reads the project afresh (the renderers keep text per tool object) and renders the three in turn,
// each first in turn;
// the CPU of the render phase (checks, hash, outputs: concludeAnalysis) is this thread's where Node tells it (23.9+),
// else the process's. Prints JSON: the medians in ms, and that the three gave the same text.
// Plain JavaScript on gen's build, as reading-alone.mjs. Usage: node render-after-join.mjs <tsconfig> <rounds>
import { dirname, join } from 'node:path';

const gen = '../../../packages/gen/dist/esm/';
const { resolveOptions } = await import(`${gen}options.js`);
const { scanProject } = await import(`${gen}program/load-project.js`);
const { readShard } = await import(`${gen}shard/read-shard.js`);
const { concludeAnalysis } = await import(`${gen}analyze.js`);
const { Diagnostics } = await import(`${gen}diagnostics.js`);

const [projectFile, rounds = '5'] = process.argv.slice(2);
const outDir = join(dirname(projectFile), 'generated');
const options = resolveOptions({
  project: projectFile,
  out: join(outDir, 'tools.generated.ts'),
  json: join(outDir, 'tools.json'),
  maxTools: 100_000,
  cache: false,
});
const cpuMs = () => {
  const { user, system } = process.threadCpuUsage?.() ?? process.cpuUsage();
  return (user + system) / 1000;
};

const ways = {
  'as described': (files) => files,
  'one structured clone': (files) => structuredClone(files),
  'one clone per half of the files': (files, candidates) => {
    const half = candidates.length >> 1;
    const halves = [candidates.slice(0, half), candidates.slice(half)].map((names) =>
      structuredClone(new Map(names.map((name) => [name, files.get(name)]))),
    );
    return new Map(halves.flatMap((shard) => [...shard]));
  },
};
const times = Object.fromEntries(Object.keys(ways).map((way) => [way, []]));
let text;
let sameText = true;
const order = Object.entries(ways);
for (let round = 0; round < Number(rounds); round++) {
  // Each way first in turn: the first render of the process runs colder code.
  for (const [way, pass] of [...order.slice(round % order.length), ...order.slice(0, round % order.length)]) {
    const scan = scanProject(options.projectFile, new Diagnostics(), { skipFiles: [] });
    const { candidates, texts } = scan.files;
    const files = pass(readShard({ options, files: scan.files, record: false, index: 0 }, scan).files, candidates);
    const entries = candidates.flatMap((fileName) => files.get(fileName) ?? []);
    const project = {
      projectDir: dirname(scan.configPath),
      compilerOptions: scan.parsed.options,
      textOf: (fileName) => texts.get(fileName) ?? '',
    };
    const started = cpuMs();
    const analysis = concludeAnalysis(entries, new Diagnostics(), project, {}, options, {}, undefined);
    times[way].push(cpuMs() - started);
    const rendered = analysis.outputs.map((output) => output.rendered.text).join('\0');
    if (text === undefined) text = rendered;
    else if (rendered !== text) sameText = false;
  }
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const medians = Object.fromEntries(Object.entries(times).map(([way, list]) => [way, median(list)]));
process.stdout.write(`${JSON.stringify({ medians, sameText, threadCpu: Boolean(process.threadCpuUsage) })}\n`);
