// What the generated module's drift check (`ParameterChecks`, see packages/core/src/parameters-fit.ts) adds to a
// user's `tsc --noEmit`: on gen-tools' synthetic project of 1,000 tools in 100 files, the module gen-tools writes is
// type-checked with its check and without it (the same module, the check cut off), with TypeScript 6 (gen's) and
// TypeScript 7 (gen's dev dependency typescript7), interleaved in the same run. Prints the CPU time (steadier than
// wall time on a loaded machine) and the ratio with / without, against a target of a few percent; then the types and
// instantiations the checker made (`--extendedDiagnostics`): exact figures that do not move with the load.
//   node --conditions=@toolwright/source --import tsx scripts/bench/drift-check-cost.ts   (RUNS=7 by default)
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, measureNode } from './measure.js';
import { writeSyntheticProject } from './gen-tools/synthetic-project.js';

/** The largest CPU ratio with the check / without it that passes. */
const TARGET = 1.05;
const runs = Number(process.env.RUNS ?? 7);
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const compilers = {
  'TypeScript 6': join(root, 'node_modules/typescript/bin/tsc'),
  'TypeScript 7': join(root, 'packages/gen/node_modules/typescript7/bin/tsc'),
};

execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), 'core', 'gen'], { cwd: root, stdio: 'inherit' });
const projects = {
  with: join(tmpdir(), 'toolwright-bench-drift-with'),
  without: join(tmpdir(), 'toolwright-bench-drift-without'),
};
writeSyntheticProject({ dir: projects.with, files: 100, toolsPerFile: 10 });
mkdirSync(join(projects.with, 'node_modules/@toolwright'), { recursive: true });
symlinkSync(join(root, 'packages/core'), join(projects.with, 'node_modules/@toolwright/core'), 'dir');
const module = join(projects.with, 'src/tools.generated.ts');
const gen = spawnSync(
  process.execPath,
  [
    join(root, 'packages/gen/dist/esm/cli.js'),
    '--project',
    'tsconfig.json',
    '--out',
    'src/tools.generated.ts',
    '--max-tools',
    '1000',
    '--no-cache',
  ],
  { cwd: projects.with, encoding: 'utf8' },
);
if (gen.status !== 0) throw new Error(`gen-tools failed:\n${gen.stderr}`);

// The project without the check: the same files, the module cut where its check begins.
const generated = readFileSync(module, 'utf8');
const checkStart = generated.indexOf('\n// Compile-time only');
if (checkStart < 0) throw new Error('the generated module holds no ParameterChecks');
rmSync(projects.without, { recursive: true, force: true });
cpSync(projects.with, projects.without, { recursive: true, verbatimSymlinks: true });
writeFileSync(
  join(projects.without, 'src/tools.generated.ts'),
  `${generated.slice(0, checkStart).replace(', type FitsManifest, type ParametersFit', '')}\n`,
);
const tools = (generated.slice(checkStart).match(/^ {2}FitsManifest</gm) ?? []).length;

const tsc = (compiler: string, project: string, ...extra: string[]): string[] => [
  compiler,
  '--noEmit',
  '-p',
  join(project, 'tsconfig.json'),
  ...extra,
];

const cpu: Record<string, number[]> = {};
const wall: Record<string, number[]> = {};
for (let run = 0; run < runs; run++) {
  for (const [name, compiler] of Object.entries(compilers)) {
    for (const [variant, project] of Object.entries(projects)) {
      const measured = measureNode(tsc(compiler, project), { cwd: project });
      (cpu[`${name} ${variant}`] ??= []).push(measured.cpuMs ?? Number.NaN);
      (wall[`${name} ${variant}`] ??= []).push(measured.ms);
    }
  }
}

console.log(
  `\ntsc --noEmit on 1,000 tools in 100 files (${tools} checked), with the generated module's drift check and ` +
    `without it, median of ${runs} interleaved runs:`,
);
let failed = false;
for (const name of Object.keys(compilers)) {
  const withCheck = median(cpu[`${name} with`]!);
  const without = median(cpu[`${name} without`]!);
  const ratio = withCheck / without;
  const wallRatio = median(wall[`${name} with`]!) / median(wall[`${name} without`]!);
  const pass = ratio <= TARGET;
  failed ||= !pass;
  console.log(
    `  ${name}: CPU ${withCheck.toFixed(0)} ms with, ${without.toFixed(0)} ms without: ${ratio.toFixed(3)}x ` +
      `${pass ? 'PASS' : 'FAIL'} (<= ${TARGET}); wall ${wallRatio.toFixed(3)}x (reported)`,
  );
}

// What the checker made, from one run of each: these figures repeat exactly.
console.log('\nWhat the check adds to the checker (--extendedDiagnostics, exact):');
for (const [name, compiler] of Object.entries(compilers)) {
  const counts = Object.fromEntries(
    Object.entries(projects).map(([variant, project]) => {
      const run = spawnSync(process.execPath, tsc(compiler, project, '--extendedDiagnostics'), { encoding: 'utf8' });
      const count = (label: string) => Number(new RegExp(`^${label}:\\s+(\\d+)`, 'm').exec(run.stdout)?.[1]);
      return [variant, { types: count('Types'), instantiations: count('Instantiations') }];
    }),
  );
  const added = (key: 'types' | 'instantiations') => counts.with![key] - counts.without![key];
  console.log(
    `  ${name}: +${added('types')} types (${(added('types') / tools).toFixed(1)} a tool, ` +
      `${((100 * added('types')) / counts.without!.types).toFixed(0)}% more), +${added('instantiations')} ` +
      `instantiations (${(added('instantiations') / tools).toFixed(1)} a tool)`,
  );
}
for (const project of Object.values(projects)) rmSync(project, { recursive: true, force: true });
process.exitCode = failed ? 1 : 0;
