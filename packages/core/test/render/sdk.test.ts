// The rendered declarations through the real @google/genai client to FakeGemini over HTTP, as a user sends them:
// the API (as FakeGemini enforces it) accepts every fixture in both dialects, the SDK's in-place rewrite of
// `parameters` finds nothing to change, and the manifest schemas stay untouched.
import { GoogleGenAI, type FunctionDeclaration } from '@google/genai';
import { reply, startFakeGemini, type FakeGemini } from '@toolwright/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { toGeminiDeclaration } from '../../src/index.js';
import { fixtures } from './targets.js';

let fake: FakeGemini | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe.each(['openapi', 'json-schema'] as const)('declarations in the %s dialect', (dialect) => {
  it('are accepted by the API and sent as rendered', async () => {
    fake = await startFakeGemini({ script: [reply.text('ok')] });
    const ai = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });
    const before = JSON.stringify(fixtures);
    // Our types match the SDK's except for its nominal `Type` enum, hence the cast users make too.
    const functionDeclarations = fixtures.map((fixture) =>
      toGeminiDeclaration(fixture.tool, { dialect }),
    ) as FunctionDeclaration[];
    const rendered = JSON.parse(JSON.stringify(functionDeclarations)) as unknown;

    const response = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'Use the tools.',
      config: { tools: [{ functionDeclarations }] },
    });

    expect(response.text).toBe('ok');
    expect(fake.turns[0]!.functionDeclarations).toEqual(rendered);
    expect(JSON.stringify(fixtures)).toBe(before);
  });
});

it('the raw manifest schema as parameters is refused (the check can fail)', async () => {
  fake = await startFakeGemini({ script: [reply.text('ok')] });
  const ai = new GoogleGenAI({ apiKey: 'test', apiVersion: 'v1beta', httpOptions: { baseUrl: fake.url } });
  const tool = fixtures.find((fixture) => fixture.name === 'search_orders')!.tool;
  const raw = { name: tool.name, parameters: structuredClone(tool.parameters) as never };
  await expect(
    ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'Hi',
      config: { tools: [{ functionDeclarations: [raw] }] },
    }),
  ).rejects.toMatchObject({ status: 400 });
});
