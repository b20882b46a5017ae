// The whole app's cold start against the Vercel AI SDK's (issue 34): the same 100 tools (the four shapes of the
// cold-start bench), the Gemini client and the agent, each written as its docs tell users to write it, run in fresh
// processes in one run, interleaved, against one FakeGemini (the model calls find0, then answers).
// - toolwright, as the README's quick start: `gen-tools` writes the manifest, `new Toolbox([new Service()], manifest)`,
//   `new GeminiRestClient({ apiKey })` (genai's light client), `new Agent({ client, model, tools })`, `agent.run(...)`;
//   the same with `gen-tools --validators` (docs/edge-and-cold-start.md, for fast cold starts); and on
//   `@google/genai`'s client, the Node build (`new GoogleGenAI({ apiKey })`, for Vertex AI and the rest of the SDK) and
//   its web build (`@google/genai/web`: fetch, an API key, no Vertex AI auth).
// - the AI SDK, as its docs: `tool({ description, inputSchema: z.object(...), execute })` per tool, `@ai-sdk/google`'s
//   provider, `new ToolLoopAgent({ model, tools })`, `agent.generate({ prompt })`.
// Each app is bundled by esbuild as a Node server runs it (its own code in one file, packages from node_modules).
// Two figures per process, both from the process's start less an empty program's: the app ready (imports done and
// the agent built), and the first answer (one tool call and the model's reply, over HTTP). Target: toolwright at most
// half the AI SDK's app-ready time (a ratio of 0.5 or less).
// Run: node --conditions=@toolwright/source --import tsx scripts/bench/cold-start-vs-ai-sdk.ts
// (`ai` 7 declares Node >= 22: npx -y node@22 in place of node runs it there.)
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { reply, startFakeGemini } from '@toolwright/testing';
import { generatedProject, median } from './cold-start-app.js';

const TOOLS = 100;
const SAMPLES = Number(process.env.SAMPLES ?? 11);
const TARGET = 0.5;
/** The README's quick start: genai's light client, no `--validators`. The target is measured on it. */
const QUICK_START = 'toolwright, as the quick start';

const here = dirname(fileURLToPath(import.meta.url));
// Inside the workspace, so that the apps resolve their packages from its node_modules as installed dependencies.
const dir = mkdtempSync(join(here, '.cold-start-ai-sdk-'));

/** The same four shapes as method(i), as the AI SDK's docs write a tool: zod input schemas and `execute`. */
function aiSdkTool(i: number): string {
  switch (i % 4) {
    case 0:
      return (
        `  find${i}: tool({\n    description: 'Tool ${i}: finds things.',\n    inputSchema: z.object({ query: ` +
        `z.string().describe('Words.'), limit: z.number().int().default(10).describe('The most results.') }),\n` +
        `    execute: async ({ query, limit }) => query + limit,\n  }),`
      );
    case 1:
      return (
        `  convert${i}: tool({\n    description: 'Tool ${i}: converts.',\n    inputSchema: z.object({ amount: ` +
        `z.number(), unit: z.enum(['c', 'f', 'k']).default('c'), exact: z.boolean().optional() }),\n` +
        `    execute: async ({ amount, exact }) => (exact ? amount : Math.round(amount)),\n  }),`
      );
    case 2:
      return (
        `  schedule${i}: tool({\n    description: 'Tool ${i}: schedules.',\n    inputSchema: z.object({ title: ` +
        `z.string(), when: z.iso.datetime(), attendees: z.array(z.string()).default([]) }),\n` +
        `    execute: async ({ title, when, attendees }) => new Date(when).getTime() + attendees.length + title.length,\n  }),`
      );
    default:
      return (
        `  order${i}: tool({\n    description: 'Tool ${i}: orders.',\n    inputSchema: z.object({ lines: ` +
        `z.array(z.object({ sku: z.string(), quantity: z.number().int() })), note: z.string().nullable().optional() }),\n` +
        `    execute: async ({ lines, note }) => lines.length + (note ? 1 : 0),\n  }),`
      );
  }
}

/** Prints the two times and checks the answer: a wrong one fails the sample. */
const finish = (answer: string) => `const answered = performance.now();
if (${answer} !== 'Found tea.') throw new Error('unexpected answer: ' + ${answer});
console.log(ready, answered);
`;

/** The client's import and its class: @google/genai's (`client` names the module), or genai's light one. */
const clientImport = (client: string): [string, string] =>
  client === 'light'
    ? [`import { Agent, GeminiRestClient } from '@toolwright/genai';`, 'GeminiRestClient']
    : [`import { GoogleGenAI } from '${client}';\nimport { Agent } from '@toolwright/genai';`, 'GoogleGenAI'];

const toolwrightApp = (client: string) => `${clientImport(client)[0]}
import { Toolbox } from '@toolwright/core';
import { manifest } from './tools.generated.js';
import { Service } from './service.js';

const toolbox = new Toolbox([new Service()], manifest);
const client = new ${clientImport(client)[1]}({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: process.env.GEMINI_BASE_URL } });
const agent = new Agent({ client, model: 'gemini-2.5-flash', tools: toolbox });
const ready = performance.now();
const result = await agent.run('Find tea.');
${finish('result.text')}`;

const AI_SDK_APP = `import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { ToolLoopAgent, tool } from 'ai';
import { z } from 'zod';

const tools = {
${Array.from({ length: TOOLS }, (_, i) => aiSdkTool(i)).join('\n')}
};
const google = createGoogleGenerativeAI({ apiKey: 'test', baseURL: process.env.GEMINI_BASE_URL + '/v1beta' });
const agent = new ToolLoopAgent({ model: google('gemini-2.5-flash'), tools });
const ready = performance.now();
const result = await agent.generate({ prompt: 'Find tea.' });
${finish('result.text')}`;

const EMPTY = `const ready = performance.now();\nconsole.log(ready, performance.now());\n`;

/** The app's code in one file, its packages imported from node_modules: how a Node server runs it. */
async function bundle(entry: string, outfile: string): Promise<string> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
  return outfile;
}

async function makeToolwrightApp(name: string, validators: boolean, client = '@google/genai'): Promise<string> {
  const project = join(dir, name);
  await generatedProject(project, TOOLS, { validators });
  writeFileSync(join(project, 'src/app.ts'), toolwrightApp(client));
  return bundle(join(project, 'src/app.ts'), join(project, 'app.mjs'));
}

async function makeAiSdkApp(): Promise<string> {
  const project = join(dir, 'ai-sdk');
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'app.ts'), AI_SDK_APP);
  return bundle(join(project, 'app.ts'), join(project, 'app.mjs'));
}

const run = promisify(execFile);

/**
 * [app ready, first answer], in ms from the process's start. Asynchronous: FakeGemini answers from this process, so
 * its event loop must stay free while the app runs.
 */
async function sample(file: string, env: NodeJS.ProcessEnv): Promise<[number, number]> {
  const { stdout } = await run(process.execPath, [file], { cwd: dirname(file), env, timeout: 120_000 });
  const [ready, answered] = stdout.trim().split(' ').map(Number);
  return [ready!, answered!];
}

async function main(): Promise<void> {
  const fake = await startFakeGemini({
    handler: (request) =>
      request.functionResponses.length > 0
        ? reply.text('Found tea.')
        : reply.functionCall('find0', { query: 'tea', limit: 3 }),
  });
  try {
    const empty = join(dir, 'empty.mjs');
    writeFileSync(empty, EMPTY);
    const variants = {
      empty,
      [QUICK_START]: await makeToolwrightApp('quick-start', false, 'light'),
      'toolwright --validators': await makeToolwrightApp('validators', true, 'light'),
      'toolwright, @google/genai': await makeToolwrightApp('genai-node', false),
      'toolwright --validators, @google/genai': await makeToolwrightApp('genai-node-validators', true),
      'toolwright --validators, @google/genai/web': await makeToolwrightApp('web', true, '@google/genai/web'),
      'AI SDK': await makeAiSdkApp(),
    };
    const env = { ...process.env, GEMINI_BASE_URL: fake.url };
    const samples = new Map(Object.keys(variants).map((name) => [name, [] as Array<[number, number]>]));
    // One warm-up each (the disk cache), then the samples interleaved, so that every variant sees the same load.
    for (const file of Object.values(variants)) await sample(file, env);
    for (let i = 0; i < SAMPLES; i++) {
      for (const [name, file] of Object.entries(variants)) samples.get(name)!.push(await sample(file, env));
    }
    const figure = (name: string, index: 0 | 1) => median(samples.get(name)!.map((times) => times[index]));
    const base: [number, number] = [figure('empty', 0), figure('empty', 0)];
    console.log(
      `Node ${process.version}, ${TOOLS} tools, medians of ${SAMPLES} fresh processes, less an empty program's`,
    );
    console.log(`(${base[0].toFixed(1)} ms to its first line):`);
    const rows: Record<string, [number, number]> = {};
    for (const name of Object.keys(variants).filter((name) => name !== 'empty')) {
      rows[name] = [figure(name, 0) - base[0], figure(name, 1) - base[1]];
      const [ready, answered] = rows[name];
      console.log(`  ${name.padEnd(44)} app ready ${ready.toFixed(1)} ms, first answer ${answered.toFixed(1)} ms`);
    }
    const ai = rows['AI SDK']!;
    for (const name of Object.keys(rows).filter((name) => name !== 'AI SDK')) {
      const [ready, answered] = rows[name]!;
      const readyRatio = ready / ai[0];
      const verdict = name === QUICK_START ? ` (target <= ${TARGET}: ${readyRatio <= TARGET ? 'met' : 'NOT met'})` : '';
      console.log(
        `${name} / AI SDK: app ready ${readyRatio.toFixed(2)}${verdict}, first answer ${(answered / ai[1]).toFixed(2)}`,
      );
    }
  } finally {
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
