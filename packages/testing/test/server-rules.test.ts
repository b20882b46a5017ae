import type { Content, GenerateContentParameters, Part } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, startFakeGemini, type FakeGemini } from '../src/index.js';
import { apiError, clientFor, collect, MODEL } from './helpers.js';

// One strict fake for every rule: each request is either rejected by a rule or answered by the handler.
let fake: FakeGemini;
beforeAll(async () => {
  fake = await startFakeGemini({ handler: () => reply.text('accepted') });
});
afterAll(() => fake.close());

const user = (text: string): Content => ({ role: 'user', parts: [{ text }] });
const declare = (...functionDeclarations: object[]) => ({ tools: [{ functionDeclarations }] });

/** Sends through the real SDK (unary on v1beta, streaming on v1) and expects the API's 400 naming `field`. */
async function expectRejected(
  params: Omit<GenerateContentParameters, 'model'>,
  field: string,
  message: string | RegExp,
) {
  for (const [apiVersion, stream] of [
    ['v1beta', false],
    ['v1', true],
  ] as const) {
    const ai = clientFor(fake, apiVersion);
    const call = stream
      ? ai.models.generateContentStream({ model: MODEL, ...params }).then(collect)
      : ai.models.generateContent({ model: MODEL, ...params });
    const error = await apiError(call, 400);
    expect(error.code).toBe(400);
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.message).toContain(field);
    expect(error.message).toMatch(message);
    const recorded = fake.requests.at(-1)!;
    expect(recorded.status).toBe(400);
    expect(recorded.path).toBe(
      `/${apiVersion}/models/${MODEL}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
    );
  }
}

const withTools = (tools: unknown[]) => ({ config: { httpOptions: { extraBody: { tools } } } });

describe('FakeGemini refuses what the API refuses (real @google/genai client over HTTP)', () => {
  it('accepts a valid request (the control case)', async () => {
    const ai = clientFor(fake);
    const response = await ai.models.generateContent({
      model: MODEL,
      contents: 'hi',
      config: declare({
        name: 'get_weather',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      }),
    });
    expect(response.text).toBe('accepted');
  });

  it('an unknown keyword in parameters', async () => {
    await expectRejected(
      {
        contents: 'hi',
        config: declare({
          name: 'f',
          parameters: { type: 'object', properties: { unit: { type: 'string', const: 'c' } } },
        }),
      },
      "'tools[0].function_declarations[0].parameters.properties[unit]'",
      /Unknown name "const" .*Cannot find field\./,
    );
  });

  // The SDK drops additionalProperties and rewrites type arrays in `parameters`; extraBody sends them as written.
  it('additionalProperties in parameters (sent raw)', async () => {
    await expectRejected(
      {
        contents: 'hi',
        ...withTools([
          { functionDeclarations: [{ name: 'f', parameters: { type: 'object', additionalProperties: false } }] },
        ]),
      },
      "'tools[0].function_declarations[0].parameters'",
      /Unknown name "additionalProperties"/,
    );
  });

  it('a type array', async () => {
    await expectRejected(
      {
        contents: 'hi',
        ...withTools([
          {
            functionDeclarations: [
              { name: 'f', parameters: { type: 'object', properties: { q: { type: ['string', 'null'] } } } },
            ],
          },
        ]),
      },
      "'tools[0].function_declarations[0].parameters.properties[q]'",
      /Unknown name "type" .*Proto field is not repeating/,
    );
  });

  it('anyOf beside other fields', async () => {
    await expectRejected(
      {
        contents: 'hi',
        config: declare({
          name: 'f',
          parameters: {
            type: 'object',
            properties: { v: { anyOf: [{ type: 'string' }, { type: 'number' }], description: 'd' } },
          },
        }),
      },
      'tools[0].function_declarations[0].parameters.properties[v].any_of',
      /must be the only field/,
    );
  });

  it('required on a non-object', async () => {
    await expectRejected(
      {
        contents: 'hi',
        config: declare({
          name: 'f',
          parameters: { type: 'object', properties: { v: { type: 'string', required: ['x'] } } },
        }),
      },
      'tools[0].function_declarations[0].parameters.properties[v].required',
      /only allowed for OBJECT type/,
    );
  });

  it('a STRING format other than enum and date-time', async () => {
    await expectRejected(
      {
        contents: 'hi',
        config: declare({
          name: 'f',
          parameters: { type: 'object', properties: { site: { type: 'string', format: 'uri' } } },
        }),
      },
      'tools[0].function_declarations[0].parameters.properties[site].format',
      /only 'enum' and 'date-time' are supported for STRING type/,
    );
  });

  it('an OBJECT with an empty properties map', async () => {
    await expectRejected(
      { contents: 'hi', config: declare({ name: 'f', parameters: { type: 'object', properties: {} } }) },
      'tools[0].function_declarations[0].parameters.properties',
      /should be non-empty for OBJECT type/,
    );
  });

  it('a non-object top level', async () => {
    await expectRejected(
      { contents: 'hi', config: declare({ name: 'f', parameters: { type: 'string' } }) },
      'tools[0].function_declarations[0].parameters.type',
      /should be of type OBJECT/,
    );
  });

  it('both parameters and parametersJsonSchema', async () => {
    await expectRejected(
      {
        contents: 'hi',
        config: declare({ name: 'f', parameters: { type: 'object' }, parametersJsonSchema: { type: 'object' } }),
      },
      'tools[0].function_declarations[0].parameters',
      /mutually exclusive/,
    );
  });

  it('an invalid function name', async () => {
    await expectRejected(
      { contents: 'hi', config: declare({ name: 'ok' }, { name: 'get weather' }) },
      'tools[0].function_declarations[1].name',
      /Invalid function name "get weather"/,
    );
  });

  it('an invalid parameter name', async () => {
    await expectRejected(
      {
        contents: 'hi',
        config: declare({
          name: 'f',
          parametersJsonSchema: { type: 'object', properties: { 'user-id': { type: 'string' } } },
        }),
      },
      'tools[0].function_declarations[0].parameters_json_schema.properties[user-id]',
      /Invalid parameter name "user-id"/,
    );
  });

  it('more than 512 declarations in one tool', async () => {
    const many = Array.from({ length: 513 }, (_, i) => ({ name: `tool_${i}` }));
    await expectRejected(
      { contents: 'hi', config: declare(...many) },
      'tools[0].function_declarations',
      /at most 512 .* got 513/,
    );
  });

  it('empty parts', async () => {
    await expectRejected(
      { contents: [user('hi'), { role: 'model', parts: [] }, user('again')] },
      'contents[1].parts',
      /must not be empty/,
    );
  });

  it('a role other than user and model', async () => {
    await expectRejected(
      { contents: [{ role: 'system', parts: [{ text: 'be nice' }] }, user('hi')] },
      'contents[0].role',
      /valid role: user, model/,
    );
    await expectRejected(
      {
        contents: [
          user('hi'),
          { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
          { role: 'function', parts: [{ functionResponse: { name: 'f', response: { output: 1 } } }] },
        ],
      },
      'contents[2].role',
      /valid role/,
    );
  });

  const called: Content = {
    role: 'model',
    parts: [{ functionCall: { id: 'c1', name: 'f', args: {} } }, { functionCall: { id: 'c2', name: 'g', args: {} } }],
  };
  const answer = (id: string, name: string, response: unknown = { output: 1 }): Part => ({
    functionResponse: { id, name, response: response as Record<string, unknown> },
  });

  it('a function response that is not a JSON object', async () => {
    await expectRejected(
      {
        contents: [
          user('hi'),
          called,
          { role: 'user', parts: [answer('c1', 'f'), answer('c2', 'g', [1, 2] as unknown as object)] },
        ],
      },
      "'contents[2].parts[1].function_response'",
      /Unknown name "response" .*not repeating/,
    );
  });

  it('function responses that do not answer the calls: count', async () => {
    await expectRejected(
      { contents: [user('hi'), called, { role: 'user', parts: [answer('c1', 'f')] }] },
      "'contents[2].parts'",
      /number of function response parts is equal to the number of function call parts/,
    );
  });

  it('function responses that do not answer the calls: names', async () => {
    const noIds: Content = { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] };
    await expectRejected(
      { contents: [user('hi'), noIds, { role: 'user', parts: [{ functionResponse: { name: 'h', response: {} } }] }] },
      'contents[2].parts[0].function_response.name',
      /"h" does not answer a function call of contents\[1\]/,
    );
  });

  it('function responses that do not answer the calls: ids', async () => {
    await expectRejected(
      { contents: [user('hi'), called, { role: 'user', parts: [answer('c1', 'f'), answer('c3', 'g')] }] },
      'contents[2].parts[1].function_response.id',
      /"c3" does not answer a function call/,
    );
  });

  it('allowedFunctionNames with a mode that does not take it', async () => {
    await expectRejected(
      {
        contents: 'hi',
        config: {
          ...declare({ name: 'f' }),
          toolConfig: { functionCallingConfig: { mode: 'AUTO' as never, allowedFunctionNames: ['f'] } },
        },
      },
      'tool_config.function_calling_config.allowed_function_names',
      /only allowed when mode is ANY or VALIDATED \(mode is AUTO\)/,
    );
  });

  it('lists every problem of a request, one per line', async () => {
    const error = await apiError(
      clientFor(fake).models.generateContent({ model: MODEL, contents: [{ role: 'tool', parts: [] }] }),
      400,
    );
    expect(error.message.split('\n')).toEqual([
      '* GenerateContentRequest.contents[0].role: Please use a valid role: user, model. Got "tool".',
      '* GenerateContentRequest.contents[0].parts: contents.parts must not be empty.',
    ]);
    expect(error.details).toEqual([
      {
        '@type': 'type.googleapis.com/google.rpc.BadRequest',
        fieldViolations: [
          { field: 'contents[0].role', description: expect.any(String) },
          { field: 'contents[0].parts', description: expect.any(String) },
        ],
      },
    ]);
  });
});

describe('API key', () => {
  it('answers 403 PERMISSION_DENIED without a key', async () => {
    const stripKey: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.delete('x-goog-api-key');
      return fetch(input, { ...init, headers });
    };
    const error = await apiError(
      clientFor(fake, 'v1beta', { fetch: stripKey }).models.generateContent({ model: MODEL, contents: 'hi' }),
      403,
    );
    expect(error).toMatchObject({
      code: 403,
      status: 'PERMISSION_DENIED',
      message: expect.stringContaining('unregistered callers'),
    });
  });

  it('answers 400 API_KEY_INVALID for another key than the one required', async () => {
    const keyed = await startFakeGemini({ apiKey: 'right', script: [reply.text('in')] });
    try {
      const error = await apiError(clientFor(keyed).models.generateContent({ model: MODEL, contents: 'hi' }), 400);
      expect(error).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: 'API key not valid. Please pass a valid API key.',
      });
      expect(keyed.pending).toBe(1);
    } finally {
      await keyed.close();
    }
  });

  it('accepts the key as a query parameter too', async () => {
    const response = await fetch(`${fake.url}/v1beta/models/${MODEL}:generateContent?key=abc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [user('hi')] }),
    });
    expect(response.status).toBe(200);
  });
});

describe('models', () => {
  it("answers the API's 404 for a model it does not serve", async () => {
    const served = await startFakeGemini({ models: [MODEL], script: ['yes'] });
    try {
      const ai = clientFor(served, 'v1');
      const error = await apiError(ai.models.generateContent({ model: 'gemini-0-nano', contents: 'hi' }), 404);
      expect(error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
      expect(error.message).toMatch(
        /^models\/gemini-0-nano is not found for API version v1, or is not supported for generateContent\./,
      );
      expect((await ai.models.generateContent({ model: MODEL, contents: 'hi' })).text).toBe('yes');
    } finally {
      await served.close();
    }
  });
});

describe('strict: false', () => {
  it('lets a request that breaks the rules through to the script', async () => {
    const lenient = await startFakeGemini({ strict: false, script: [reply.text('fine')] });
    try {
      const response = await clientFor(lenient).models.generateContent({
        model: MODEL,
        contents: [{ role: 'system', parts: [{ text: 'x' }] }],
      });
      expect(response.text).toBe('fine');
    } finally {
      await lenient.close();
    }
  });
});
