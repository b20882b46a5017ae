// Rendering declarations: every renderer target over the renderers' fixture set (nine realistic tools covering
// every construct of the manifest's schema subset), against a baseline measured in the same run: structuredClone of
// the same parameters (the least a renderer that returns fresh objects does).
// Target: Gemini `parameters` (the heaviest lowering) <= 15x structuredClone.
// Run: node --conditions=@toolwright/source --import tsx scripts/bench/render.ts
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { toAnthropicTool, toGeminiDeclaration, toMcpTool, toOpenAITool, type DeclaredTool } from '@toolwright/core';
import { median } from './measure.js';

const TARGET_RATIO = 15;
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const REPEAT = 200;

const fixtureDir = join(process.cwd(), 'packages/core/test/render/fixtures');
const tools: DeclaredTool[] = readdirSync(fixtureDir)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => JSON.parse(readFileSync(join(fixtureDir, file), 'utf8')) as DeclaredTool);

const targets: [string, (tool: DeclaredTool) => unknown][] = [
  ['baseline structuredClone', (tool) => structuredClone(tool.parameters)],
  ['gemini parameters', (tool) => toGeminiDeclaration(tool)],
  ['gemini json-schema', (tool) => toGeminiDeclaration(tool, { dialect: 'json-schema' })],
  ['gemini json-schema inlined', (tool) => toGeminiDeclaration(tool, { dialect: 'json-schema', inlineRefs: true })],
  ['openai', (tool) => toOpenAITool(tool)],
  ['openai strict', (tool) => toOpenAITool(tool, { strict: true })],
  ['anthropic', (tool) => toAnthropicTool(tool)],
  ['mcp', (tool) => toMcpTool(tool)],
];

/** Microseconds per tool, the median over ROUNDS rounds of REPEAT passes over every fixture. */
function measure(render: (tool: DeclaredTool) => unknown): number {
  let sink = 0;
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS + 2; round++) {
    const started = performance.now();
    for (let pass = 0; pass < REPEAT; pass++) for (const tool of tools) sink += render(tool) === undefined ? 0 : 1;
    if (round >= 2) rounds.push(((performance.now() - started) * 1000) / (REPEAT * tools.length));
  }
  if (sink === 0) throw new Error('nothing rendered');
  return median(rounds);
}

const figures = targets.map(([name, render]) => [name, measure(render)] as const);
const baseline = figures[0]![1];
console.log(`${tools.length} fixture tools, median of ${ROUNDS} rounds of ${REPEAT} passes; microseconds per tool:`);
for (const [name, us] of figures) {
  console.log(`  ${name.padEnd(28)} ${us.toFixed(1).padStart(7)} us  ${(us / baseline).toFixed(1)}x`);
}
const gemini = figures.find(([name]) => name === 'gemini parameters')![1] / baseline;
console.log(`target: gemini parameters <= ${TARGET_RATIO}x structuredClone (measured ${gemini.toFixed(1)}x)`);
console.log(gemini <= TARGET_RATIO ? 'PASS' : 'FAIL');
if (gemini > TARGET_RATIO) process.exitCode = 1;
