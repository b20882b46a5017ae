// The developer UI's server over real HTTP: the page and its assets, the tool API answering exactly what the
// Toolbox answers, the chat as a UI message stream with the whole history kept per chat, the run traces, and the
// requests it must refuse (another Host, another Origin, a non-JSON or oversized body). The model is FakeGemini
// behind the real @google/genai client.
import { request as httpRequest } from 'node:http';
import { GoogleGenAI } from '@google/genai';
import { defineTool, Toolbox } from '@toolwright/core';
import { Agent } from '@toolwright/genai';
import { reply, startFakeGemini, type FakeGemini } from '@toolwright/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunsAnswer, ToolCallAnswer, ToolsAnswer } from '../src/api-types.js';
import { startDevUi, type DevUi, type DevUiOptions } from '../src/index.js';

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

const weather = defineTool({
  name: 'get_weather',
  description: 'The weather in a city.',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 7 } },
    required: ['city'],
  },
  handler: ({ city }: { city: string }) => {
    if (city === 'Atlantis') throw new Error('No station for Atlantis');
    return { city, temperature: 21 };
  },
});

const survey = defineTool({
  name: 'survey',
  description: 'Counts stations, saying how far it got.',
  parameters: { type: 'object', properties: {} },
  handler: (_args: object, context) => {
    context.log('info', 'starting');
    for (let done = 1; done <= 3; done++) context.progress(done, 3, `station ${done}`);
    context.log('warning', { skipped: 1 }, 'stations');
    return 3;
  },
});

function toolbox(): Toolbox {
  return new Toolbox([weather, survey]);
}

async function fake(script: Parameters<typeof startFakeGemini>[0]): Promise<{ fake: FakeGemini; agent: Agent }> {
  const server = await startFakeGemini(script);
  closing.push(() => server.close());
  const client = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: server.url } });
  const agent = new Agent({
    client,
    model: 'gemini-2.5-flash',
    tools: toolbox(),
    retry: { initialDelayMs: 1 },
  });
  return { fake: server, agent };
}

async function start(options: DevUiOptions): Promise<DevUi> {
  const ui = await startDevUi(options);
  closing.push(() => ui.close());
  return ui;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A request with headers fetch will not let a page set (Host), as a DNS-rebinding page's would arrive. */
function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The chunks of a chat answer (the UI message stream's `data:` events). */
async function chat(
  ui: DevUi,
  chatId: string,
  message: string,
): Promise<Array<{ type: string; [key: string]: unknown }>> {
  const response = await fetch(`${ui.url}api/chat`, json({ chatId, message }));
  expect(response.status).toBe(200);
  expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
  return chunksOf(await response.text());
}

function chunksOf(body: string): Array<{ type: string; [key: string]: unknown }> {
  return body
    .split('\n\n')
    .filter((event) => event.startsWith('data: ') && event !== 'data: [DONE]')
    .map((event) => JSON.parse(event.slice(6)));
}

const textOf = (chunks: Array<{ type: string; [key: string]: unknown }>) =>
  chunks
    .filter((chunk) => chunk.type === 'text-delta')
    .map((chunk) => chunk.delta)
    .join('');

describe('startDevUi', () => {
  it('serves the page and its bundled assets from itself, under a policy that lets nothing load from elsewhere', async () => {
    const ui = await start({ toolbox: toolbox(), title: 'Demo <tools>' });
    expect(ui.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await fetch(ui.url);
    const html = await page.text();
    expect(html).toContain('<title>Demo &#60;tools&#62; · developer UI</title>');
    expect(html).not.toMatch(/https?:\/\//);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const script = await fetch(`${ui.url}assets/app.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect((await script.text()).length).toBeGreaterThan(5000);
    expect((await fetch(`${ui.url}assets/app.css`)).status).toBe(200);
    expect((await fetch(`${ui.url}nothing`)).status).toBe(404);
  });

  it('lists the tools with the declarations the Toolbox renders in both dialects', async () => {
    const ui = await start({ toolbox: toolbox() });
    const answer = (await (await fetch(`${ui.url}api/tools`)).json()) as ToolsAnswer;
    expect(answer.chat).toBe(false);
    expect(answer.tools.map((tool) => tool.name)).toEqual(['get_weather', 'survey']);
    expect(answer.tools[0]!.openapi).toEqual(toolbox().declarations({ dialect: 'openapi' })[0]);
    expect(answer.tools[0]!.jsonSchema).toEqual(toolbox().declarations({ dialect: 'json-schema' })[0]);
  });

  it.each([
    ['a good call', 'get_weather', { city: 'Oslo' }, true],
    ['a tool that throws', 'get_weather', { city: 'Atlantis' }, false],
    ['bad arguments', 'get_weather', { city: 3, days: 30 }, false],
    ['arguments that are not an object', 'get_weather', [1, 2], false],
    ['an unknown tool', 'get_wether', { city: 'Oslo' }, false],
  ])('answers %s exactly as the Toolbox does', async (_, name, args, ok) => {
    const ui = await start({ toolbox: toolbox() });
    const response = await fetch(`${ui.url}api/tools/${encodeURIComponent(name)}/call`, json({ args }));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as ToolCallAnswer;
    expect(answer.part).toEqual(await toolbox().call({ name, args }));
    expect(answer.ok).toBe(ok);
  });

  it('shows what a tool said while it ran: its logs and progress, in order', async () => {
    const ui = await start({ toolbox: toolbox() });
    const answer = (await (await fetch(`${ui.url}api/tools/survey/call`, json({ args: {} }))).json()) as ToolCallAnswer;
    expect(answer.part.functionResponse.response).toEqual({ output: 3 });
    expect(answer.notes.map(({ atMs: _, ...note }) => note)).toEqual([
      { kind: 'log', level: 'info', data: 'starting' },
      { kind: 'progress', progress: 1, total: 3, message: 'station 1' },
      { kind: 'progress', progress: 2, total: 3, message: 'station 2' },
      { kind: 'progress', progress: 3, total: 3, message: 'station 3' },
      { kind: 'log', level: 'warning', data: { skipped: 1 }, logger: 'stations' },
    ]);
  });

  it('refuses another Host (DNS rebinding), another Origin, a body that is not JSON, and a body too large', async () => {
    const ui = await start({ toolbox: toolbox(), maxBodyBytes: 1000 });
    const call = `${ui.url}api/tools/get_weather/call`;
    const port = new URL(ui.url).port;
    const body = JSON.stringify({ args: { city: 'Oslo' } });
    const rebound = await rawRequest(`${ui.url}api/tools`, { headers: { host: `attacker.example:${port}` } });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('attacker.example');
    const crossSite = await rawRequest(call, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://attacker.example' },
      body,
    });
    expect(crossSite.status).toBe(403);
    // What a cross-site HTML form can send without a preflight.
    const form = await rawRequest(call, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    expect(form.status).toBe(415);
    const large = await fetch(call, json({ args: { city: 'x'.repeat(2000) } }));
    expect(large.status).toBe(413);
    const broken = await fetch(call, { ...json(null), body: '{"args": ' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { message: string } }).error.message).toMatch(/not JSON/);
    // The server serves on; its own origin and localhost pass.
    const same = await rawRequest(call, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ui.url.slice(0, -1), host: `localhost:${port}` },
      body,
    });
    expect(same.status).toBe(403);
    const own = await rawRequest(call, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ui.url.slice(0, -1) },
      body,
    });
    expect(own.status).toBe(200);
  });

  it('has no chat without an Agent, and refuses a bad chat id or an empty message', async () => {
    const bare = await start({ toolbox: toolbox() });
    expect((await fetch(`${bare.url}api/chat`, json({ chatId: 'a', message: 'hi' }))).status).toBe(404);
    const { agent } = await fake({ script: [] });
    const ui = await start({ toolbox: toolbox(), agent });
    expect((await fetch(`${ui.url}api/chat`, json({ chatId: '../x', message: 'hi' }))).status).toBe(400);
    expect((await fetch(`${ui.url}api/chat`, json({ chatId: 'a', message: '  ' }))).status).toBe(400);
  });

  it('streams the chat, keeps the whole history per chat, and traces each run: turns, retries, calls, tokens', async () => {
    const { fake: model, agent } = await fake({
      script: [
        reply.serverError(),
        reply.functionCalls(
          [
            { name: 'get_weather', args: { city: 'Oslo' } },
            { name: 'get_weather', args: { city: 'Atlantis' } },
          ],
          {
            ids: true,
          },
        ),
        reply.text('Oslo is 21 degrees; Atlantis has no station.'),
        reply.text('You asked about Oslo and Atlantis.'),
      ],
    });
    const ui = await start({ toolbox: toolbox(), agent });
    const first = await chat(ui, 'c1', 'Weather in Oslo and Atlantis?');
    expect(textOf(first)).toBe('Oslo is 21 degrees; Atlantis has no station.');
    expect(first.filter((chunk) => chunk.type === 'tool-output-error')).toHaveLength(1);
    const second = await chat(ui, 'c1', 'What did I ask?');
    expect(second.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
    // The second request carried the whole first exchange: question, calls, results, answer, then the new question.
    const last = model.requests.at(-1)!.body as { contents: Array<{ role: string; parts: object[] }> };
    expect(last.contents.map((content) => content.role)).toEqual(['user', 'model', 'user', 'model', 'user']);

    const { runs } = (await (await fetch(`${ui.url}api/runs`)).json()) as RunsAnswer;
    expect(runs.map((run) => [run.input, run.status, run.chatId])).toEqual([
      ['Weather in Oslo and Atlantis?', 'done', 'c1'],
      ['What did I ask?', 'done', 'c1'],
    ]);
    const [run] = runs;
    expect(run!.stopReason).toBe('stop');
    expect(run!.turns).toHaveLength(2);
    const [turn1, turn2] = run!.turns;
    expect(turn1!.retries).toEqual([expect.objectContaining({ attempt: 1, status: 500 })]);
    expect(turn1!.calls.map((call) => [call.name, call.args, call.ok])).toEqual([
      ['get_weather', { city: 'Oslo' }, true],
      ['get_weather', { city: 'Atlantis' }, false],
    ]);
    expect(turn1!.calls[0]!.response).toEqual({ output: { city: 'Oslo', temperature: 21 } });
    expect(turn1!.calls[1]!.response).toEqual({
      error: expect.objectContaining({ message: 'No station for Atlantis' }),
    });
    for (const call of turn1!.calls) {
      expect(call.startMs).toBeGreaterThanOrEqual(turn1!.modelStartMs + turn1!.modelMs!);
      expect(call.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(turn2!.modelStartMs).toBeGreaterThanOrEqual(turn1!.modelStartMs + turn1!.modelMs!);
    expect(turn2!.finishReason).toBe('STOP');
    expect(turn2!.text).toBe('Oslo is 21 degrees; Atlantis has no station.');
    expect(run!.usage.requests).toBe(2);
    expect(run!.usage.inputTokens).toBeGreaterThan(0);
    expect(run!.usage.outputTokens).toBeGreaterThan(0);
    expect(run!.durationMs).toBeGreaterThanOrEqual(turn2!.modelStartMs + turn2!.modelMs!);
  });

  it('records a failed run with its error, and a page that goes away aborts its run', async () => {
    const { agent } = await fake({
      script: [
        reply.error(400, { message: 'Request contains an invalid argument.' }),
        reply.delay(60_000, reply.text('late')),
      ],
    });
    const ui = await start({ toolbox: toolbox(), agent });
    const failed = await chat(ui, 'c1', 'hello');
    expect(failed.at(-2)).toEqual({ type: 'error', errorText: expect.stringContaining('invalid argument') });

    const leaving = new AbortController();
    const response = await fetch(`${ui.url}api/chat`, {
      ...json({ chatId: 'c2', message: 'slow' }),
      signal: leaving.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    leaving.abort();
    await expect
      .poll(async () => ((await (await fetch(`${ui.url}api/runs`)).json()) as RunsAnswer).runs.map((run) => run.status))
      .toEqual(['error', 'error']);
    const { runs } = (await (await fetch(`${ui.url}api/runs`)).json()) as RunsAnswer;
    expect(runs[0]!.error).toContain('invalid argument');
    expect(runs[1]!.error).toMatch(/abort|stopped/i);
  });

  it('refuses a second message to a chat whose answer still streams, and takes it once the first is over', async () => {
    const { agent } = await fake({ script: [reply.delay(300, reply.text('first')), reply.text('second')] });
    const ui = await start({ toolbox: toolbox(), agent });
    const first = fetch(`${ui.url}api/chat`, json({ chatId: 'c1', message: 'one' })).then((response) =>
      response.text(),
    );
    await expect
      .poll(async () => ((await (await fetch(`${ui.url}api/runs`)).json()) as RunsAnswer).runs.length)
      .toBe(1);
    const second = await fetch(`${ui.url}api/chat`, json({ chatId: 'c1', message: 'two' }));
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { message: string } }).error.message).toMatch(/still answering/);
    expect(textOf(chunksOf(await first))).toBe('first');
    expect(textOf(await chat(ui, 'c1', 'two'))).toBe('second');
  });

  it("with createAgent, traces every run of the Agent it made, the chat's once and those started elsewhere", async () => {
    const server = await startFakeGemini({
      handler: (request) =>
        request.functionResponses.length === 0
          ? reply.functionCall('get_weather', { city: 'Oslo' })
          : reply.text(`Answered: ${request.text}`),
    });
    closing.push(() => server.close());
    const client = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: server.url } });
    let made: Agent | undefined;
    const ui = await start({
      toolbox: toolbox(),
      createAgent: ({ onEvent }) => (made = new Agent({ client, model: 'm', tools: toolbox(), onEvent })),
    });
    await chat(ui, 'c1', 'from the chat');
    // The app's own code runs the same Agent.
    await made!.run('from my code');
    const { runs } = (await (await fetch(`${ui.url}api/runs`)).json()) as RunsAnswer;
    expect(runs.map((run) => [run.input, run.chatId, run.status])).toEqual([
      ['from the chat', 'c1', 'done'],
      ['from my code', '', 'done'],
    ]);
    for (const run of runs) {
      expect(run.turns.map((turn) => turn.calls.length)).toEqual([1, 0]);
      expect(run.usage.requests).toBe(2);
    }
    await expect(startDevUi({ agent: made!, createAgent: () => made! })).rejects.toThrow(/not both/);
  });

  it('keeps at most maxRuns runs, dropping the oldest', async () => {
    const { agent } = await fake({ handler: () => reply.text('ok') });
    const ui = await start({ toolbox: toolbox(), agent, maxRuns: 2 });
    for (const message of ['one', 'two', 'three']) await chat(ui, 'c1', message);
    const { runs } = (await (await fetch(`${ui.url}api/runs`)).json()) as RunsAnswer;
    expect(runs.map((run) => run.input)).toEqual(['two', 'three']);
  });

  it('refuses a toolbox that is not one', async () => {
    await expect(startDevUi({ toolbox: [toolbox(), {} as never] })).rejects.toThrow(/toolbox 1 is not a Toolbox/);
  });
});
