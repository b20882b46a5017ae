// Runs every benchmark, each in its own process, one after another (they must not share the two cores), and
// ends with a line per benchmark: PASS, or FAIL with its exit code. `npm run bench -- [name ...]` runs the named ones.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const benchmarks = {
  'toolbox-call': 'toolbox-call.ts',
  'toolbox-build': 'toolbox-build.ts',
  'cold-start': 'cold-start.ts',
  'cold-start-vs-ai-sdk': 'cold-start-vs-ai-sdk.ts',
  'worker-bundle': 'worker-bundle.ts',
  'fs-tools': 'fs-tools.ts',
  'agent-vs-sdk': 'agent-vs-sdk.ts',
  'agent-parallel-tools': 'agent-parallel-tools.ts',
  'agent-telemetry': 'agent-telemetry.ts',
  'gen-tools': 'gen-tools/run.ts',
  'drift-check-cost': 'drift-check-cost.ts',
  durable: 'durable.ts',
  'prompt-calling': 'prompt-calling.ts',
  'prompt-streaming': 'prompt-streaming.ts',
  'prompt-vs-peer': 'prompt-vs-peer.ts',
  mcp: 'mcp.ts',
  render: 'render.ts',
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in benchmarks));
if (unknown.length) {
  console.error(`unknown benchmark: ${unknown.join(', ')}; known: ${Object.keys(benchmarks).join(', ')}`);
  process.exit(2);
}
// cold-start and worker-bundle measure the packages as published, from their built files: build what is stale first.
const built = spawnSync(process.execPath, [join(here, '../build.mjs'), '--stale'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const outcomes = [];
for (const [name, file] of Object.entries(benchmarks)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const { status } = spawnSync(
    process.execPath,
    ['--conditions=@toolwright/source', '--import', 'tsx', join(here, file)],
    {
      stdio: 'inherit',
    },
  );
  outcomes.push([name, status]);
}
console.log('');
for (const [name, status] of outcomes)
  console.log(`${name.padEnd(22)} ${status === 0 ? 'PASS' : `FAIL (exit ${status})`}`);
process.exitCode = outcomes.some(([, status]) => status !== 0) ? 1 : 0;
