import { describe, expect, it } from 'vitest';
import {
  contentsProblems,
  functionTurnProblems,
  requestProblems,
  ThoughtSignatureLedger,
  thoughtSignatureProblems,
  toolConfigProblems,
} from '../src/index.js';
import { SKIP_THOUGHT_SIGNATURE } from '../src/rules/thought-signatures.js';

const user = (text: string) => ({ role: 'user', parts: [{ text }] });
const calls = (...c: Array<{ name: string; id?: string; args?: object; thoughtSignature?: string }>) => ({
  role: 'model',
  parts: c.map(({ thoughtSignature, ...call }) => ({
    functionCall: { args: {}, ...call },
    ...(thoughtSignature ? { thoughtSignature } : {}),
  })),
});
const responses = (...r: Array<{ name: string; id?: string; response?: unknown }>) => ({
  role: 'user',
  parts: r.map((x) => ({ functionResponse: { response: { output: 1 }, ...x } })),
});

describe('contentsProblems', () => {
  it('accepts a plain conversation', () => {
    expect(contentsProblems([user('hi'), { role: 'model', parts: [{ text: 'hello' }] }, user('bye')])).toEqual([]);
  });

  it('requires contents', () => {
    expect(contentsProblems(undefined)).toEqual(['* GenerateContentRequest.contents: contents is not specified']);
    expect(contentsProblems([])).toEqual(['* GenerateContentRequest.contents: contents is not specified']);
  });

  it('rejects empty parts', () => {
    expect(contentsProblems([user('hi'), { role: 'model', parts: [] }])).toEqual([
      '* GenerateContentRequest.contents[1].parts: contents.parts must not be empty.',
    ]);
  });

  it.each(['function', 'system', 'tool', 'assistant'])('rejects the role %s', (role) => {
    expect(contentsProblems([{ role, parts: [{ text: 'x' }] }])).toEqual([
      `* GenerateContentRequest.contents[0].role: Please use a valid role: user, model. Got "${role}".`,
    ]);
  });

  it('rejects a function response that is not a JSON object', () => {
    expect(contentsProblems([responses({ name: 'f', response: [1, 2] })])).toEqual([
      `Invalid JSON payload received. Unknown name "response" at 'contents[0].parts[0].function_response': ` +
        'Proto field is not repeating, cannot start list.',
    ]);
    expect(contentsProblems([responses({ name: 'f', response: 'done' })])).toEqual([
      `Invalid value at 'contents[0].parts[0].function_response.response' ` +
        '(type.googleapis.com/google.protobuf.Struct), "done"',
    ]);
  });

  it('requires exactly one data field per part', () => {
    expect(contentsProblems([{ role: 'user', parts: [{ thought: true }] }])).toEqual([
      "* GenerateContentRequest.contents[0].parts[0].data: required oneof field 'data' must have one initialized field",
    ]);
    expect(contentsProblems([{ role: 'user', parts: [{ text: 'a', functionCall: { name: 'f' } }] }])).toEqual([
      "Invalid JSON payload received. Oneof field 'data' is already set. Cannot set 'functionCall' at " +
        "'contents[0].parts[0]'.",
    ]);
  });

  it('rejects a thought signature that is not base64', () => {
    const content = { role: 'model', parts: [{ text: 'a', thoughtSignature: 'not base64!' }] };
    expect(contentsProblems([user('x'), content])[0]).toContain(
      "'contents[1].parts[0].thought_signature' (TYPE_BYTES)",
    );
  });
});

describe('functionTurnProblems', () => {
  it('accepts responses that answer the previous model turn in any order', () => {
    const contents = [
      user('go'),
      calls({ name: 'a', id: '1' }, { name: 'b', id: '2' }),
      responses({ name: 'b', id: '2' }, { name: 'a', id: '1' }),
    ];
    expect(functionTurnProblems(contents)).toEqual([]);
    const noIds = [user('go'), calls({ name: 'a' }, { name: 'a' }), responses({ name: 'a' }, { name: 'a' })];
    expect(functionTurnProblems(noIds)).toEqual([]);
  });

  it('rejects a response count that differs from the call count', () => {
    const contents = [user('go'), calls({ name: 'a' }, { name: 'b' }), responses({ name: 'a' })];
    expect(functionTurnProblems(contents)).toEqual([
      'Please ensure that the number of function response parts is equal to the number of function call parts ' +
        "of the function call turn (at 'contents[2].parts': 1 function response part(s) for 2 function call " +
        'part(s) in contents[1]).',
    ]);
  });

  it('rejects calls that are never answered', () => {
    const contents = [user('go'), calls({ name: 'a' }), user('what now?')];
    expect(functionTurnProblems(contents)[0]).toContain(
      '0 function response part(s) for 1 function call part(s) in contents[1]',
    );
  });

  it('rejects calls that end the request', () => {
    expect(functionTurnProblems([user('go'), calls({ name: 'a' }, { name: 'b' })])).toEqual([
      expect.stringContaining(
        '0 function response part(s) for 2 function call part(s) in contents[1]: the request ends on the ' +
          'function call turn',
      ),
    ]);
  });

  it('rejects responses that do not follow a function call turn', () => {
    expect(functionTurnProblems([responses({ name: 'a' })])[0]).toContain(
      "function response turn comes immediately after a function call turn (at 'contents[0]'",
    );
    expect(
      functionTurnProblems([user('x'), { role: 'model', parts: [{ text: 'y' }] }, responses({ name: 'a' })])[0],
    ).toContain('contents[1] holds no function call of the model');
  });

  it('rejects a response name that was not called', () => {
    expect(functionTurnProblems([user('go'), calls({ name: 'a' }), responses({ name: 'b' })])).toEqual([
      '* GenerateContentRequest.contents[2].parts[0].function_response.name: "b" does not answer a function ' +
        'call of contents[1] (open calls: "a")',
    ]);
  });

  it('rejects a response id that was not called, and a name that does not match its id', () => {
    expect(
      functionTurnProblems([user('go'), calls({ name: 'a', id: 'x1' }), responses({ name: 'a', id: 'x2' })]),
    ).toEqual([
      '* GenerateContentRequest.contents[2].parts[0].function_response.id: "x2" does not answer a function call ' +
        'of contents[1] (open call ids: "x1")',
    ]);
    expect(
      functionTurnProblems([user('go'), calls({ name: 'a', id: 'x1' }), responses({ name: 'b', id: 'x1' })]),
    ).toEqual([
      '* GenerateContentRequest.contents[2].parts[0].function_response.name: "b" does not match the name "a" of ' +
        'the call with id "x1" in contents[1]',
    ]);
  });

  it('rejects answering the same id twice', () => {
    const problems = functionTurnProblems([
      user('go'),
      calls({ name: 'a', id: '1' }, { name: 'a', id: '2' }),
      responses({ name: 'a', id: '1' }, { name: 'a', id: '1' }),
    ]);
    expect(problems).toEqual([
      expect.stringContaining('contents[2].parts[1].function_response.id: "1" does not answer'),
    ]);
  });
});

describe('toolConfigProblems', () => {
  const declared = ['a', 'b'];
  it('accepts allowedFunctionNames with ANY and VALIDATED', () => {
    for (const mode of ['ANY', 'VALIDATED', 'any']) {
      expect(toolConfigProblems({ functionCallingConfig: { mode, allowedFunctionNames: ['a'] } }, declared)).toEqual(
        [],
      );
    }
  });

  it.each(['AUTO', 'NONE', undefined])('rejects allowedFunctionNames with mode %s', (mode) => {
    expect(toolConfigProblems({ functionCallingConfig: { mode, allowedFunctionNames: ['a'] } }, declared)).toEqual([
      '* GenerateContentRequest.tool_config.function_calling_config.allowed_function_names: only allowed when ' +
        `mode is ANY or VALIDATED (mode is ${mode ?? 'AUTO'})`,
    ]);
  });

  it('rejects an undeclared allowed name, an unknown mode, and ANY without declarations', () => {
    expect(
      toolConfigProblems({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['zz'] } }, declared),
    ).toEqual([
      '* GenerateContentRequest.tool_config.function_calling_config.allowed_function_names[0]: function "zz" is ' +
        'not declared in tools',
    ]);
    expect(toolConfigProblems({ functionCallingConfig: { mode: 'SOMETIMES' } }, declared)[0]).toContain(
      "Invalid value at 'tool_config.function_calling_config.mode'",
    );
    expect(toolConfigProblems({ functionCallingConfig: { mode: 'ANY' } }, [])).toEqual([
      '* GenerateContentRequest.tool_config.function_calling_config.mode: mode ANY is set without ' +
        'function_declarations in tools',
    ]);
  });
});

describe('thoughtSignatureProblems', () => {
  it('requires a signature on the first function call of each model turn of the current turn', () => {
    const contents = [user('go'), calls({ name: 'a' }, { name: 'b' }), responses({ name: 'a' }, { name: 'b' })];
    expect(thoughtSignatureProblems(contents)).toEqual([
      expect.stringMatching(
        /^Function call is missing a thought_signature in functionCall parts at 'contents\[1\]\.parts\[0\]'.*`default_api:a` , position 2\.$/,
      ),
    ]);
    const signed = [
      user('go'),
      calls({ name: 'a', thoughtSignature: 'c2ln' }, { name: 'b' }),
      responses({ name: 'a' }, { name: 'b' }),
    ];
    expect(thoughtSignatureProblems(signed)).toEqual([]);
  });

  it('does not check model turns before the last user message', () => {
    const contents = [
      user('go'),
      calls({ name: 'a' }),
      responses({ name: 'a' }),
      { role: 'model', parts: [{ text: 'ok' }] },
      user('again'),
    ];
    expect(thoughtSignatureProblems(contents)).toEqual([]);
  });

  it('accepts the documented skip value', () => {
    const contents = [
      user('go'),
      calls({ name: 'a', thoughtSignature: SKIP_THOUGHT_SIGNATURE }),
      responses({ name: 'a' }),
    ];
    expect(thoughtSignatureProblems(contents, new ThoughtSignatureLedger())).toEqual([]);
  });

  it('with a ledger, requires the issued signatures back on the same parts', () => {
    const ledger = new ThoughtSignatureLedger();
    const first = ledger.issue({ name: 'a', id: '1', args: { x: 1 } });
    const second = ledger.issue({ name: 'b', id: '2', args: {} });
    const ok = [
      user('go'),
      calls(
        { name: 'a', id: '1', args: { x: 1 }, thoughtSignature: first },
        { name: 'b', id: '2', thoughtSignature: second },
      ),
      responses({ name: 'a', id: '1' }, { name: 'b', id: '2' }),
    ];
    expect(thoughtSignatureProblems(ok, ledger)).toEqual([]);

    const dropped = [
      user('go'),
      calls({ name: 'a', id: '1', args: { x: 1 }, thoughtSignature: first }, { name: 'b', id: '2' }),
      responses({ name: 'a', id: '1' }, { name: 'b', id: '2' }),
    ];
    expect(thoughtSignatureProblems(dropped, ledger)).toEqual([expect.stringContaining("at 'contents[1].parts[1]'")]);

    const swapped = [
      user('go'),
      calls(
        { name: 'a', id: '1', args: { x: 1 }, thoughtSignature: second },
        { name: 'b', id: '2', thoughtSignature: first },
      ),
      responses({ name: 'a', id: '1' }, { name: 'b', id: '2' }),
    ];
    expect(thoughtSignatureProblems(swapped, ledger)).toEqual([
      "Thought signature at 'contents[1].parts[0].thought_signature' was issued on another part: send each part " +
        'back exactly as received.',
      "Thought signature at 'contents[1].parts[1].thought_signature' was issued on another part: send each part " +
        'back exactly as received.',
    ]);

    const forged = [
      user('go'),
      calls({ name: 'a', id: '1', args: { x: 1 }, thoughtSignature: 'Zm9yZ2Vk' }),
      responses({ name: 'a', id: '1' }),
    ];
    expect(thoughtSignatureProblems(forged, ledger)[0]).toBe(
      "Corrupted thought signature at 'contents[1].parts[0].thought_signature': this model never issued it.",
    );
  });

  it("with a ledger, tells identical calls apart by their position among the turn's calls", () => {
    const ledger = new ThoughtSignatureLedger();
    ledger.beginReply();
    const signature = ledger.issue({ name: 'a', args: { x: 1 } }, 0);
    // A streamed reply's text arrives as several parts: the call's part index moves, its position among calls does not.
    const turn = {
      role: 'model',
      parts: [
        { text: 'Checking' },
        { text: ' twice.' },
        { functionCall: { name: 'a', args: { x: 1 } }, thoughtSignature: signature },
        { functionCall: { name: 'a', args: { x: 1 } } },
      ],
    };
    expect(thoughtSignatureProblems([user('go'), turn, responses({ name: 'a' }, { name: 'a' })], ledger)).toEqual([]);
    expect(ledger.sitesOf(signature)).toEqual([{ reply: 0, call: 0, key: expect.any(String) }]);

    ledger.beginReply();
    const first = ledger.issue({ name: 'a' }, 0);
    const second = ledger.issue({ name: 'a' }, 1);
    expect(ledger.signedCallsOf(1)).toEqual(
      new Map([
        [0, first],
        [1, second],
      ]),
    );
    const dropped = [
      user('go'),
      calls({ name: 'a', thoughtSignature: first }, { name: 'a' }),
      responses({ name: 'a' }, { name: 'a' }),
    ];
    expect(thoughtSignatureProblems(dropped, ledger)).toEqual([expect.stringContaining("at 'contents[1].parts[1]'")]);
    const swapped = [
      user('go'),
      calls({ name: 'a', thoughtSignature: second }, { name: 'a', thoughtSignature: first }),
      responses({ name: 'a' }, { name: 'a' }),
    ];
    expect(thoughtSignatureProblems(swapped, ledger)).toHaveLength(2);
  });
});

describe('requestProblems', () => {
  const tools = [
    { functionDeclarations: [{ name: 'a', parameters: { type: 'OBJECT', properties: { q: { type: 'STRING' } } } }] },
  ];

  it('accepts a full, valid request', () => {
    const body = {
      contents: [user('go'), calls({ name: 'a', id: '1', args: { q: 'x' } }), responses({ name: 'a', id: '1' })],
      systemInstruction: { parts: [{ text: 'be brief' }] },
      tools,
      toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
      generationConfig: { temperature: 0 },
    };
    expect(requestProblems(body)).toEqual([]);
  });

  it('collects problems from every part of the request', () => {
    const body = {
      contents: [{ role: 'system', parts: [{ text: 'x' }] }],
      tools: [
        {
          functionDeclarations: [
            { name: 'a', parameters: { type: 'OBJECT', properties: { q: { type: ['STRING'] } } } },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'AUTO', allowedFunctionNames: ['a'] } },
      temperature: 1,
    };
    const problems = requestProblems(body);
    expect(problems).toEqual([
      'Invalid JSON payload received. Unknown name "temperature": Cannot find field.',
      '* GenerateContentRequest.contents[0].role: Please use a valid role: user, model. Got "system".',
      'Invalid JSON payload received. Unknown name "type" at ' +
        `'tools[0].function_declarations[0].parameters.properties[q]': Proto field is not repeating, ` +
        'cannot start list.',
      '* GenerateContentRequest.tool_config.function_calling_config.allowed_function_names: only allowed when ' +
        'mode is ANY or VALIDATED (mode is AUTO)',
    ]);
  });

  it('checks thought signatures only when asked to', () => {
    const body = { contents: [user('go'), calls({ name: 'a' }), responses({ name: 'a' })], tools };
    expect(requestProblems(body)).toEqual([]);
    expect(requestProblems(body, { thinking: true })).toHaveLength(1);
  });

  it('rejects a body that is not an object', () => {
    expect(requestProblems([])).toHaveLength(1);
  });
});
