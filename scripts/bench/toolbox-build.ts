// Building a Toolbox from a 1,000-tool manifest (100 classes x 10 @tool() methods): target <= 50 ms.
// The cold figure is the median over 5 fresh processes. Printed against a baseline measured in the same run: a
// hand-written name -> bound method map over the same manifest and instances (the least any binder does). Both the TS
// manifest (bind by class identity) and the JSON one (bind by class name) are measured, each with a fresh manifest
// object per build (no cached index). Run: node --conditions=@toolwright/source --import tsx
// scripts/bench/toolbox-build.ts
import { execFileSync } from 'node:child_process';
import { tool, Toolbox, type ManifestTool, type ToolManifest } from '@toolwright/core';

const TARGET_MS = 50;
const CLASSES = 100;
const METHODS = 10;
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const PROCESSES = Number(process.env.PROCESSES ?? 5);

type AnyClass = new () => object;

/** Classes made the way decorated classes look at run time (legacy decorator calls on the prototype). */
function makeClasses(): AnyClass[] {
  const classes: AnyClass[] = [];
  for (let c = 0; c < CLASSES; c++) {
    const cls = { [`Service${c}`]: class {} }[`Service${c}`]! as AnyClass;
    for (let m = 0; m < METHODS; m++) {
      const method = function (this: object, query: string, limit?: number, tags?: string[]) {
        return [query, limit, tags];
      };
      Object.defineProperty(cls.prototype, `method${m}`, { value: method, writable: true, configurable: true });
      tool()(cls.prototype, `method${m}`, Object.getOwnPropertyDescriptor(cls.prototype, `method${m}`)!);
    }
    classes.push(cls);
  }
  return classes;
}

/** A fresh manifest object, shaped as gen-tools writes it. */
function makeManifest(classes: AnyClass[], withTargets: boolean): ToolManifest {
  const tools: ManifestTool[] = [];
  classes.forEach((cls, c) => {
    for (let m = 0; m < METHODS; m++) {
      tools.push({
        name: `service${c}_method${m}`,
        description: `Method ${m} of service ${c}: looks things up.`,
        class: cls.name,
        method: `method${m}`,
        file: `src/service${c}.ts`,
        ...(withTargets ? { target: () => cls } : {}),
        parameters: {
          type: 'object',
          properties: {
            query: { type: 'string', description: 'What to look for.' },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
            tags: { type: 'array', items: { type: 'string' } },
          },
          required: ['query'],
        },
        params: [
          { name: 'query', kind: 'value' },
          { name: 'limit', kind: 'value', optional: true },
          { name: 'tags', kind: 'value', optional: true },
        ],
      });
    }
  });
  return { version: 1, tools };
}

function baselineBuild(instances: object[], manifest: ToolManifest): Map<string, (...args: unknown[]) => unknown> {
  const byName = new Map(instances.map((instance) => [instance.constructor.name, instance]));
  const map = new Map<string, (...args: unknown[]) => unknown>();
  for (const entry of manifest.tools) {
    const instance = byName.get(entry.class) as Record<string, (...args: unknown[]) => unknown>;
    map.set(entry.name, instance[entry.method]!.bind(instance));
  }
  return map;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function time(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

interface ChildResult {
  cold: number;
  ts: { ours: number; base: number };
  json: { ours: number; base: number };
}

/** One fresh process: the first build (cold JIT, as a server starting up), then warm builds of each kind. */
function measureHere(): ChildResult {
  const classes = makeClasses();
  const instances = classes.map((cls) => new cls());
  const coldManifest = makeManifest(classes, true);
  const cold = time(() => new Toolbox(instances, coldManifest));
  const results = {
    ts: { ours: [] as number[], base: [] as number[] },
    json: { ours: [] as number[], base: [] as number[] },
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 ? (['ts', 'json'] as const) : (['json', 'ts'] as const)) {
      const manifest = makeManifest(classes, mode === 'ts');
      const copy = makeManifest(classes, mode === 'ts');
      let toolbox: Toolbox | undefined;
      results[mode].ours.push(time(() => (toolbox = new Toolbox(instances, manifest))));
      results[mode].base.push(time(() => baselineBuild(instances, copy)));
      if (toolbox!.tools().length !== CLASSES * METHODS) throw new Error('not every tool was bound');
    }
  }
  return {
    cold,
    ts: { ours: median(results.ts.ours), base: median(results.ts.base) },
    json: { ours: median(results.json.ours), base: median(results.json.base) },
  };
}

if (process.env.TOOLBOX_BUILD_CHILD) {
  console.log(JSON.stringify(measureHere()));
} else {
  // Each process is a cold start: the figure is the median over several, so one stall of a busy machine cannot decide.
  const children: ChildResult[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    const output = execFileSync(process.execPath, [...process.execArgv, process.argv[1]!], {
      env: { ...process.env, TOOLBOX_BUILD_CHILD: '1' },
      encoding: 'utf8',
    });
    children.push(JSON.parse(output.trim().split('\n').pop()!) as ChildResult);
  }
  const cold = median(children.map((child) => child.cold));
  let pass = cold <= TARGET_MS;
  console.log(
    `Toolbox from a ${CLASSES * METHODS}-tool manifest, first build in a fresh process (cold JIT): ` +
      `median ${cold.toFixed(2)} ms over ${PROCESSES} processes ` +
      `(each: ${children.map((child) => child.cold.toFixed(1)).join(', ')})`,
  );
  for (const mode of ['ts', 'json'] as const) {
    const ours = median(children.map((child) => child[mode].ours));
    const base = median(children.map((child) => child[mode].base));
    pass &&= ours <= TARGET_MS;
    console.log(
      `${mode === 'ts' ? 'TS manifest (by class identity)' : 'JSON manifest (by class name)'}, warm: ` +
        `median ${ours.toFixed(2)} ms; ` +
        `baseline (name -> bound method map, same run) ${base.toFixed(3)} ms; ratio ${(ours / base).toFixed(1)}x`,
    );
  }
  console.log(`target <= ${TARGET_MS} ms (cold and warm): ${pass ? 'PASS' : 'FAIL'}`);
  if (!pass) process.exitCode = 1;
}
