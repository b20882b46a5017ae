// `pnpm demo`: gen-tools on examples/weather, then the weather agent, streamed. With GEMINI_API_KEY set it talks to
// the Gemini API (model from GEMINI_MODEL, default gemini-2.5-flash); without it, a scripted model on FakeGemini
// plays Gemini's part, over HTTP, through the real @google/genai client.
//   node --conditions=@toolwright/source --import tsx scripts/demo.ts ["your question"]
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDiagnostic, generate } from '@toolwright/gen';
import type { AgentEvent } from '@toolwright/genai';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const example = join(root, 'examples/weather');
const apiKey = process.env.GEMINI_API_KEY;
const model = process.env.GEMINI_MODEL || 'gemini-2.5-flash';
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const dim = (text: string) => (color ? `\x1b[2m${text}\x1b[22m` : text);
const bold = (text: string) => (color ? `\x1b[1m${text}\x1b[22m` : text);
const cyan = (text: string) => (color ? `\x1b[36m${text}\x1b[39m` : text);
const green = (text: string) => (color ? `\x1b[32m${text}\x1b[39m` : text);
const red = (text: string) => (color ? `\x1b[31m${text}\x1b[39m` : text);

if (apiKey) console.log(bold(`toolwright demo: live, on the Gemini API with ${model} (GEMINI_API_KEY is set).`));
else
  console.log(
    bold(
      'toolwright demo: offline. GEMINI_API_KEY is not set, so a scripted model on FakeGemini (a local Gemini ' +
        'API server) answers; set GEMINI_API_KEY to use the real API.',
    ),
  );

// 1. gen-tools: the service's @tool() methods -> the manifest (left alone when it is up to date).
console.log(`\n${bold('1. gen-tools')} ${dim(`(${relative(root, example)})`)}`);
// The same command as the example's own `npm run gen`.
const generated = await generate({
  cwd: example,
  project: 'tsconfig.json',
  out: 'src/tools.generated.ts',
  json: 'tools.json',
});
for (const diagnostic of generated.diagnostics) console.log(formatDiagnostic(diagnostic));
if (generated.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) {
  console.log(red('gen-tools reported errors; stopping.'));
  process.exit(1);
}
const names = generated.manifest.tools.map((entry) => entry.name).join(', ');
const wrote = generated.written.length
  ? `wrote ${generated.written.map((file) => relative(root, file)).join(', ')}`
  : 'the manifest was up to date';
console.log(`${generated.manifest.tools.length} tools (${names}); ${wrote}`);

// Loaded after gen-tools ran, so that the manifest the agent binds is the one just checked.
const { createWeatherAgent, weatherToolbox } = await import('../examples/weather/src/agent.js');
const { weatherClient, OFFLINE_QUESTION } = await import('../examples/weather/src/agent-offline-model.js');

const { client, fake } = await weatherClient(apiKey);

// 2. The declarations the agent sends.
const toolbox = weatherToolbox();
console.log(`\n${bold('2. Declarations sent to the model')}`);
console.log(dim(JSON.stringify(toolbox.declarations(), null, 2)));

// 3. The run, streamed.
const question = process.argv[2] ?? OFFLINE_QUESTION;
console.log(`\n${bold('3. Agent.stream')}\n${cyan('user')}: ${question}\n`);
const agent = createWeatherAgent({ client, model, tools: toolbox });
let atLineStart = true;
const write = (text: string) => {
  process.stdout.write(text);
  if (text) atLineStart = text.endsWith('\n');
};
const line = (text: string) => write(`${atLineStart ? '' : '\n'}${text}\n`);
let exitCode = 0;
try {
  for await (const event of agent.stream(question) as AsyncIterable<AgentEvent>) {
    if (event.type === 'text') write(event.text);
    else if (event.type === 'tool_call')
      line(cyan(`→ ${event.name}(${JSON.stringify(event.args)})`) + dim(`  [${event.callId}]`));
    else if (event.type === 'tool_result') {
      const body = JSON.stringify(
        event.ok ? (event.response as { output?: unknown }).output : (event.response as { error?: unknown }).error,
      );
      line(`${event.ok ? green('← ') : red('← error ')}${event.name}: ${body}${dim(`  ${event.durationMs} ms`)}`);
    } else if (event.type === 'retry') line(dim(`(the API answered ${event.status}; retrying in ${event.delayMs} ms)`));
    else if (event.type === 'done') {
      const { result } = event;
      const calls = result.steps.reduce((sum, step) => sum + step.calls.length, 0);
      line(
        dim(
          `\n[${result.stopReason}: ${result.steps.length} model turns, ${calls} tool ` +
            `calls, ${result.usage.totalTokenCount} tokens, ${result.durationMs} ms]`,
        ),
      );
    }
  }
} catch (error) {
  line(red(`The run failed: ${error instanceof Error ? error.message : String(error)}`));
  exitCode = 1;
} finally {
  await fake?.close();
}
process.exitCode = exitCode;
