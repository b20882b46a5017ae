import { generate } from '@toolwright/gen';
const t0 = performance.now();
const result = await generate({ project: '/tmp/perf/tsconfig.json', out: '/tmp/perf/out.ts', json: '/tmp/perf/out.json', nameStyle: 'preserve', check: true, cwd: '/tmp/perf' });
console.log('generate ms', Math.round(performance.now() - t0), 'tools', result.manifest.tools.length, 'diags', result.diagnostics.length);
console.log(result.diagnostics.slice(0, 3));
