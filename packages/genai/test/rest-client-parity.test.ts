// The light client sends what @google/genai sends: the same Agent runs, once on each client, against FakeGemini;
// the requests (method, path, body, key and content type) and the run's results must be the same.
import { GoogleGenAI } from '@google/genai';
import { reply, startFakeGemini, type FakeGemini, type ScriptEntry } from '@toolwright/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent, GeminiRestClient, type AgentOptions, type AgentResult } from '../src/index.js';
import { EchoTools, MathTools, toolbox, WeatherTools } from './support/services.js';

const fakes: FakeGemini[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

type Sent = { method: string; path: string; body: unknown; key: string | undefined; type: string | undefined };

/** A run's result without its clock readings, which differ from run to run. */
function untimed(result: Partial<AgentResult>): Partial<AgentResult> {
  const clock = new Set(['durationMs', 'startedAt', 'modelMs', 'toolsMs']);
  return JSON.parse(JSON.stringify(result, (key, value) => (clock.has(key) ? undefined : value)));
}

/** One run of `options` on each client; what each sent, and what each run gave. */
async function bothClients(
  script: () => ScriptEntry[],
  options: Omit<AgentOptions, 'client'>,
  input: string,
  streaming = false,
): Promise<Record<'sdk' | 'rest', { sent: Sent[]; result: Partial<AgentResult> }>> {
  const out = {} as Record<'sdk' | 'rest', { sent: Sent[]; result: Partial<AgentResult> }>;
  for (const kind of ['sdk', 'rest'] as const) {
    const fake = await startFakeGemini({ script: script() });
    fakes.push(fake);
    const clientOptions = { apiKey: 'key-1', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } };
    const client = kind === 'sdk' ? new GoogleGenAI(clientOptions) : new GeminiRestClient(clientOptions);
    const agent = new Agent({ ...options, client });
    let result: AgentResult;
    if (streaming) {
      const stream = agent.stream(input, { runId: 'parity' });
      for await (const _event of stream);
      result = await stream.result;
    } else result = await agent.run(input, { runId: 'parity' });
    fake.assertScriptUsed();
    const { text, history, stopReason, usage } = result;
    out[kind] = {
      result: untimed({ text, history, stopReason, usage, steps: result.steps }),
      sent: fake.requests.map((request) => ({
        method: request.method,
        path: request.path,
        body: request.body,
        key: request.headers['x-goog-api-key'],
        type: request.headers['content-type'],
      })),
    };
  }
  return out;
}

const weatherScript = (): ScriptEntry[] => [
  reply.functionCalls(
    [
      { name: 'getWeather', args: { city: 'Boston' }, id: 'c1' },
      { name: 'getWeather', args: { city: 'Paris' }, id: 'c2' },
    ],
    { text: 'Checking.' },
  ),
  reply.text('Boston 6, Paris 5.'),
];

describe('GeminiRestClient sends the requests @google/genai sends', () => {
  it('a run with parallel calls, a system instruction, sampling and thinking settings', async () => {
    const { sdk, rest } = await bothClients(
      weatherScript,
      {
        model: 'gemini-2.5-flash',
        tools: toolbox(new WeatherTools()),
        systemInstruction: 'Answer briefly.',
        config: {
          temperature: 0.2,
          topK: 3,
          maxOutputTokens: 200,
          stopSequences: ['END'],
          seed: 7,
          thinkingConfig: { thinkingBudget: 64 },
          safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT' as never, threshold: 'BLOCK_NONE' as never }],
        },
      },
      'Weather in Boston and Paris?',
    );
    expect(rest.sent).toEqual(sdk.sent);
    expect(rest.sent[0]!.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(rest.sent[0]!.key).toBe('key-1');
    expect(rest.result).toEqual(sdk.result);
  });

  it('a streamed run, with ANY forced for the first turn and an error answer from a tool', async () => {
    const script = (): ScriptEntry[] => [
      reply.functionCall('explode', {}),
      reply.functionCall('echo', { value: 'x' }),
      reply.text('Done.', { stream: { textEvents: 3 } }),
    ];
    const { sdk, rest } = await bothClients(
      script,
      {
        model: 'gemini-2.5-flash',
        tools: toolbox(new EchoTools()),
        toolConfig: { functionCallingConfig: { mode: 'ANY' as never, allowedFunctionNames: ['explode'] } },
      },
      'Go.',
      true,
    );
    expect(rest.sent).toEqual(sdk.sent);
    expect(rest.sent[0]!.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(rest.result).toEqual(sdk.result);
  });

  it('prompt-based calling on a Gemma model: no tools sent, the prompt and the text turns the same', async () => {
    const script = (): ScriptEntry[] => [reply.text('```tool_code\nadd(a=2, b=3)\n```'), reply.text('Five.')];
    const { sdk, rest } = await bothClients(
      script,
      { model: 'gemma-3-27b-it', tools: toolbox(new MathTools()), calling: 'auto', systemInstruction: 'Be exact.' },
      'Two plus three?',
    );
    expect(rest.sent).toEqual(sdk.sent);
    expect(rest.result).toEqual(sdk.result);
  });
});

/** How a run of `script` fails on each client: the error's class, code, status, and the requests sent. */
async function failureOn(
  kind: 'sdk' | 'rest',
  script: ScriptEntry[],
  options: Partial<AgentOptions>,
  streaming = false,
) {
  const fake = await startFakeGemini({ script });
  fakes.push(fake);
  const clientOptions = { apiKey: 'key-1', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } };
  const client = kind === 'sdk' ? new GoogleGenAI(clientOptions) : new GeminiRestClient(clientOptions);
  const agent = new Agent({ model: 'gemini-2.5-flash', retry: { initialDelayMs: 1 }, ...options, client });
  const error = await (async () => {
    if (!streaming) return agent.run('Go.', { runId: 'parity' });
    const stream = agent.stream('Go.', { runId: 'parity' });
    for await (const _event of stream);
    return stream.result;
  })().then(
    () => undefined,
    (caught: { name?: string; code?: string; status?: number; message: string; history: unknown }) => caught,
  );
  return {
    error: error && { name: error.name, code: error.code, status: error.status, history: error.history },
    message: error?.message,
    paths: fake.requests.map((request) => `${request.status} ${request.path}`),
  };
}

describe('GeminiRestClient fails as @google/genai fails, as the Agent sees it', () => {
  const cases: Array<[string, () => ScriptEntry[], Partial<AgentOptions>, boolean]> = [
    [
      'a 429 with Retry-After, retried, then a 503 for good',
      () => [reply.rateLimited(0), reply.unavailable(), reply.unavailable(), reply.unavailable()],
      {},
      false,
    ],
    [
      'a 400 for tools on Gemma with calling: native',
      () => [reply.text('unused')],
      { model: 'gemma-3-27b-it', tools: toolbox(new MathTools()), calling: 'native' },
      false,
    ],
    [
      'a stream cut by an error event',
      () => [
        reply.withStream(reply.text('Half of it.'), { textEvents: 3, cutAfterEvents: 1, cut: reply.unavailable() }),
      ],
      { retry: false },
      true,
    ],
    [
      'a stream ended inside an event',
      () => [reply.withStream(reply.text('Half of it.'), { textEvents: 3, cutAfterEvents: 2, cut: 'unterminated' })],
      { retry: false },
      true,
    ],
    ['a connection dropped', () => [reply.disconnect()], { retry: false }, false],
  ];
  for (const [name, script, options, streaming] of cases) {
    it(name, async () => {
      const sdk = await failureOn('sdk', script(), options, streaming);
      const rest = await failureOn('rest', script(), options, streaming);
      expect(sdk.error).toBeDefined();
      expect(rest.error).toEqual(sdk.error);
      expect(rest.paths).toEqual(sdk.paths);
    });
  }

  it('the hint for Gemma and the status are in both messages', async () => {
    const options = { model: 'gemma-3-27b-it', tools: toolbox(new MathTools()), calling: 'native' as const };
    const rest = await failureOn('rest', [reply.text('unused')], options);
    expect(rest.message).toMatch(/status 400.*calling: 'auto' or 'prompt'/s);
  });
});
