import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openApiSchemaProblems,
  reply,
  requestProblems,
  startFakeGemini,
  ThoughtSignatureLedger,
  type FakeGemini,
} from '../src/index.js';

// Request-shaped values with open content: the rules must judge anything a client can send, never throw.
const part = fc.oneof(
  fc.record({ text: fc.oneof(fc.string(), fc.jsonValue()) }, { requiredKeys: [] }),
  fc.record(
    {
      functionCall: fc.record({ name: fc.string(), id: fc.string(), args: fc.jsonValue() }, { requiredKeys: [] }),
      thoughtSignature: fc.string(),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      functionResponse: fc.record(
        { name: fc.string(), id: fc.string(), response: fc.jsonValue() },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);
const content = fc.oneof(
  fc.record(
    { role: fc.constantFrom('user', 'model', 'system', 42), parts: fc.array(part, { maxLength: 4 }) },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);
const schema = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.dictionary(
      fc.constantFrom(
        'type',
        'properties',
        'items',
        'anyOf',
        'required',
        'enum',
        'nullable',
        'minItems',
        'const',
        'propertyOrdering',
      ),
      fc.oneof(
        fc.jsonValue(),
        tie('node'),
        fc.dictionary(fc.string(), tie('node'), { maxKeys: 3 }),
        fc.array(tie('node'), { maxLength: 3 }),
      ),
      { maxKeys: 5 },
    ),
    fc.jsonValue(),
  ),
})).node;
const body = fc.oneof(
  fc.record(
    {
      contents: fc.oneof(fc.array(content, { maxLength: 5 }), fc.jsonValue()),
      tools: fc.oneof(
        fc.array(
          fc.record({
            functionDeclarations: fc.array(fc.record({ name: fc.string(), parameters: schema }, { requiredKeys: [] }), {
              maxLength: 3,
            }),
          }),
          { maxLength: 2 },
        ),
        fc.jsonValue(),
      ),
      toolConfig: fc.oneof(
        fc.record({
          functionCallingConfig: fc.record(
            {
              mode: fc.oneof(fc.constantFrom('AUTO', 'ANY', 'NONE'), fc.jsonValue()),
              allowedFunctionNames: fc.jsonValue(),
            },
            { requiredKeys: [] },
          ),
        }),
        fc.jsonValue(),
      ),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

describe('rules on open input', () => {
  it('requestProblems never throws and returns messages', () => {
    const ledger = new ThoughtSignatureLedger();
    fc.assert(
      fc.property(body, (value) => {
        const problems = requestProblems(value, { thinking: true, signatures: ledger });
        expect(problems.every((p) => typeof p === 'string' && p.length > 0)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('every schema problem names a path under the node checked', () => {
    fc.assert(
      fc.property(schema, (value) => {
        for (const problem of openApiSchemaProblems(value, 'root.parameters'))
          expect(problem).toContain('root.parameters');
      }),
      { numRuns: 400 },
    );
  });
});

describe('the server on open input', () => {
  let fake: FakeGemini;
  beforeAll(async () => {
    fake = await startFakeGemini({ thinking: true, handler: () => reply.text('ok') });
  });
  afterAll(() => fake.close());

  it('answers 200 or a 400 with the error shape, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const response = await fetch(`${fake.url}/v1beta/models/m:generateContent`, {
          method: 'POST',
          headers: { 'x-goog-api-key': 'k', 'content-type': 'application/json' },
          body: JSON.stringify(value),
        });
        const json = (await response.json()) as { error?: { code: number; status: string; message: string } };
        expect([200, 400]).toContain(response.status);
        if (response.status === 400)
          expect(json.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', message: expect.any(String) });
      }),
      { numRuns: 60 },
    );
  });

  it('with strict: false, answers anything JSON with the handler', async () => {
    const lenient = await startFakeGemini({
      strict: false,
      handler: (request) => reply.text(`seen ${request.contents.length}`),
    });
    try {
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          const response = await fetch(`${lenient.url}/v1/models/m:generateContent`, {
            method: 'POST',
            headers: { 'x-goog-api-key': 'k' },
            body: JSON.stringify(value),
          });
          // A body that is not a JSON object cannot be read as a request at all, strict or not.
          const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
          expect(response.status).toBe(isObject ? 200 : 400);
        }),
        { numRuns: 60 },
      );
    } finally {
      await lenient.close();
    }
  });
});
