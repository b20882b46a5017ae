// What the cold-start benches share: the 100-tool app's methods and its project made with gen-tools, the line every
// measured program ends with, and the median of fresh processes' figures.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from '@toolwright/gen';

/** Four parameter shapes in turn: scalars with limits, an enum and a default, a Date (revived), objects in arrays. */
export function method(i: number): string {
  switch (i % 4) {
    case 0:
      return (
        `  /** Tool ${i}: finds things. @param query Words. @param limit The most results. */\n  @tool()\n  ` +
        `find${i}(query: string, limit: Integer = 10): string {\n    return query + limit;\n  }`
      );
    case 1:
      return (
        `  /** Tool ${i}: converts. */\n  @tool()\n  convert${i}(amount: number, unit: 'c' | 'f' | 'k' = 'c', ` +
        `exact?: boolean): number {\n    return exact ? amount : Math.round(amount);\n  }`
      );
    case 2:
      return (
        `  /** Tool ${i}: schedules. */\n  @tool()\n  schedule${i}(title: string, when: Date, attendees: string[] ` +
        `= []): number {\n    return when.getTime() + attendees.length + title.length;\n  }`
      );
    default:
      return (
        `  /** Tool ${i}: orders. */\n  @tool()\n  order${i}(lines: { sku: string; quantity: Integer }[], note?: ` +
        `string | null): number {\n    return lines.length + (note ? 1 : 0);\n  }`
      );
  }
}

/** Prints the time from the process's start to here, and the CPU time: what every program measured ends with. */
export const PRINT_TIMES = `const ms = performance.now();
const { user, system } = process.cpuUsage();
console.log(ms, (user + system) / 1000);
`;

/** The median of a sample's figures. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Writes the app's project into `project` (a tsconfig, `src/service.ts` with `tools` methods) and runs gen-tools on
 * it: `src/tools.generated.ts`, and `src/tools.validators.ts` with `validators`.
 */
export async function generatedProject(
  project: string,
  tools: number,
  options: { validators: boolean; lib?: string[] },
): Promise<void> {
  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        ...(options.lib ? { lib: options.lib } : {}),
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        customConditions: ['@toolwright/source'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      include: ['src'],
    }),
  );
  const methods = Array.from({ length: tools }, (_, i) => method(i)).join('\n\n');
  writeFileSync(
    join(project, 'src/service.ts'),
    `import { tool, type Integer } from '@toolwright/core';\n\nexport class Service {\n${methods}\n}\n`,
  );
  const result = await generate({
    project: join(project, 'tsconfig.json'),
    out: join(project, 'src/tools.generated.ts'),
    ...(options.validators ? { validators: join(project, 'src/tools.validators.ts') } : {}),
    cwd: project,
  });
  if (result.diagnostics.some((diagnostic) => diagnostic.severity === 'error'))
    throw new Error(JSON.stringify(result.diagnostics));
}
