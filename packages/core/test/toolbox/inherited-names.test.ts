import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defineManifest,
  tool,
  Toolbox,
  type JsonSchema,
  type ManifestParam,
  type ObjectJsonSchema,
  type PrecompiledValidator,
} from '@toolwright/core';
import { validationSchema, validatorAjvOptions } from '@toolwright/core/validator-build';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { manifest as generated } from '../../../gen/test/fixtures/member-names/expected.generated.js';
import { childPath } from '../../src/render/json-pointer.js';
import { createArgumentReader } from '../../src/toolbox/argument-reader.js';
import { MemberNames } from '../../../gen/test/fixtures/member-names/src/members.js';

// A parameter may have any valid name, the names of members every object inherits among them: left out, it is
// absent (or its default), never Object.prototype's member; sent, it is what was sent.
const inherited = Object.getOwnPropertyNames(Object.prototype);
const name = fc.oneof(fc.constantFrom(...inherited), fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,10}$/));

class Echo {
  @tool()
  echo(...values: unknown[]): unknown[] {
    return values;
  }
}

function toolboxFor(names: string[], defaults: Map<string, string>): Toolbox {
  const properties: Record<string, JsonSchema> = {};
  for (const name of names) {
    const schema: JsonSchema = { type: 'string' };
    if (defaults.has(name)) schema.default = defaults.get(name);
    setOwnSchema(properties, name, schema);
  }
  return echoToolbox(
    { type: 'object', properties },
    names.map((name) => ({ name, kind: 'value' as const, optional: true })),
  );
}

/** A Toolbox of the one tool `echo` (Echo.echo) with these parameters, its validator precompiled when asked. */
function echoToolbox(parameters: ObjectJsonSchema, params: ManifestParam[], precompiled = false): Toolbox {
  const manifest = defineManifest({
    version: 1,
    tools: [{ name: 'echo', class: 'Echo', method: 'echo', file: 'test.ts', target: () => Echo, parameters, params }],
    ...(precompiled ? { validators: { echo: precompile(parameters) } } : {}),
  });
  return new Toolbox([new Echo()], manifest);
}

describe('parameters named like inherited members', () => {
  it('are absent when left out and what was sent when sent', async () => {
    const scenario = fc.uniqueArray(name, { minLength: 1, maxLength: 6 }).chain((names) =>
      fc.record({
        names: fc.constant(names),
        sent: fc.subarray(names),
        defaulted: fc.subarray(names),
      }),
    );
    await fc.assert(
      fc.asyncProperty(scenario, async ({ names, sent, defaulted }) => {
        const defaults = new Map(defaulted.map((name) => [name, `default of ${name}`]));
        const toolbox = toolboxFor(names, defaults);
        // The declaration names every parameter, `__proto__` included.
        expect(Object.keys(toolbox.declarations()[0]!.parameters!.properties ?? {})).toEqual(names);
        const args: Record<string, unknown> = JSON.parse(
          `{${sent.map((name) => `${JSON.stringify(name)}: ${JSON.stringify(`sent ${name}`)}`).join(',')}}`,
        );
        const reply = await toolbox.call({ name: 'echo', args });
        const expected = names.map((name) => (sent.includes(name) ? `sent ${name}` : (defaults.get(name) ?? null)));
        // JSON has no undefined: a left-out parameter comes back as null.
        expect(reply.functionResponse.response).toEqual({ output: expected });
      }),
      { numRuns: 150 },
    );
  });

  it('are read as own properties by the argument reader, generated or not', () => {
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 6 }), fc.boolean(), (names, generateCode) => {
        const read = createArgumentReader(
          names.map((name) => ({ kind: 'value' as const, name, revive: null })),
          generateCode,
        );
        expect(read({})).toEqual(names.map(() => undefined));
        const sent = JSON.parse(
          JSON.stringify(Object.fromEntries(names.map((name) => [name, name]))).replace(/^{}$/, '{}'),
        );
        expect(read(sent)).toEqual(names);
      }),
    );
  });

  it('work end to end from the generated module', async () => {
    const toolbox = new Toolbox([new MemberNames()], generated);
    const none = await toolbox.call({ name: 'inherited', args: {} });
    expect(none.functionResponse.response).toEqual({ output: { valueOf: 3, propertyIsEnumerable: 'no' } });
    const all = await toolbox.call({
      name: 'inherited',
      args: JSON.parse(
        '{"toString":"a","valueOf":1,"constructor":true,"hasOwnProperty":"b","__proto__":"c","__defineGetter__":"d"}',
      ),
    });
    const output = (all.functionResponse.response as { output: Record<string, unknown> }).output;
    expect(all.functionResponse.response).toHaveProperty('output');
    expect(Object.getOwnPropertyDescriptor(output, '__proto__')?.value).toBe('c');
    const wrong = await toolbox.call({ name: 'inherited', args: JSON.parse('{"__proto__":5,"toString":[]}') });
    expect(
      (wrong.functionResponse.response as { error: { issues: Array<{ path: string }> } }).error.issues
        .map((issue) => issue.path)
        .sort(),
    ).toEqual(['/__proto__', '/toString']);
    expect({ ...output }).toMatchObject({
      toString: 'a',
      valueOf: 1,
      constructor: true,
      hasOwnProperty: 'b',
      __defineGetter__: 'd',
    });
  });

  it('are checked as own properties at any depth, required or not, by run-time and precompiled validators', async () => {
    // An object nested two levels down, its properties named from the same pool; some required.
    const scenario = fc.uniqueArray(name, { minLength: 1, maxLength: 5 }).chain((names) =>
      fc.record({
        names: fc.constant(names),
        required: fc.subarray(names),
        sent: fc.subarray(names),
        wrong: fc.subarray(names),
        precompiled: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(scenario, async ({ names, required, sent, wrong, precompiled }) => {
        const inner: JsonSchema = { type: 'object', properties: {}, required };
        for (const name of names) setOwnSchema(inner.properties!, name, { type: 'string' });
        const parameters = {
          type: 'object' as const,
          properties: { outer: { type: 'object' as const, properties: { inner } } },
          required: ['outer'],
        };
        const toolbox = echoToolbox(
          parameters,
          [{ name: 'outer', kind: 'value' as const, optional: false }],
          precompiled,
        );
        const members = sent.map((name) => `${JSON.stringify(name)}: ${wrong.includes(name) ? 5 : '"x"'}`);
        const args = JSON.parse(`{"outer": {"inner": {${members.join(',')}}}}`);
        const reply = await toolbox.call({ name: 'echo', args });
        const response = reply.functionResponse.response as {
          error?: { issues: Array<{ path: string; expected: string; received: string }> };
        };
        const missing = required.filter((name) => !sent.includes(name));
        const mistyped = sent.filter((name) => wrong.includes(name));
        if (missing.length + mistyped.length === 0) {
          expect(response).toEqual({ output: [JSON.parse(JSON.stringify(args.outer))] });
        } else {
          const paths = response.error!.issues.map((issue) => issue.path).sort();
          const expected = [...missing, ...mistyped].map((name) => childPath('/outer/inner', name)).sort();
          expect(paths).toEqual(expected);
          // A missing one is described by its declared schema.
          for (const issue of response.error!.issues.filter((issue) => issue.received === 'nothing'))
            expect(issue.expected).toBe('string (required)');
        }
      }),
      { numRuns: 150 },
    );
  });
});

function setOwnSchema(target: Record<string, JsonSchema>, key: string, value: JsonSchema): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function precompile(parameters: ObjectJsonSchema): PrecompiledValidator {
  return new Ajv2020({ ...validatorAjvOptions }).compile(validationSchema(parameters)) as PrecompiledValidator;
}
