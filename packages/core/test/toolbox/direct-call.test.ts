// A tool with nothing to revive and no ToolContext is called straight from its checked arguments (no argument list,
// no apply): it must get what the list reader reads, with the same `this`, and answer as the list path answers.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { defineManifest, tool, Toolbox } from '@toolwright/core';
import { fullFormats, schemaChecker } from '@toolwright/core/validator-runtime';
import {
  argumentListSource,
  createArgumentReader,
  createDirectCall,
  directCallSource,
  type ArgumentReader,
  type DirectCall,
} from '../../src/toolbox/argument-reader.js';
import { bindInstance, createBindContext } from '../../src/toolbox/bind.js';
import type { ArgumentSlot } from '../../src/toolbox/tool-plan.js';

const inherited = Object.getOwnPropertyNames(Object.prototype);
const name = fc.oneof(fc.constantFrom(...inherited), fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$ "'\\-]{0,8}$/));

describe('createDirectCall', () => {
  it('passes the method what the argument reader reads, on the instance given', () => {
    const slot = fc.oneof(
      { weight: 4, arbitrary: name.map((name): ArgumentSlot => ({ kind: 'value', name, revive: null })) },
      fc.constant<ArgumentSlot>({ kind: 'object', revive: null }),
      fc.constant<ArgumentSlot>({ kind: 'none' }),
    );
    const sent = fc.dictionary(name, fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxKeys: 6 });
    fc.assert(
      fc.property(fc.array(slot, { maxLength: 7 }), sent, (slots, entries) => {
        // Parsed from JSON text, as a model's arguments are: `__proto__` is an own property there.
        const args = JSON.parse(JSON.stringify(entries)) as Record<string, unknown>;
        const self = { tag: 'the instance' };
        let seen: { self: unknown; argv: unknown[] } | undefined;
        const method = function (this: unknown, ...argv: unknown[]) {
          seen = { self: this, argv };
          return 'done';
        };
        const call = createDirectCall(slots, true)!;
        expect(call(method, self, args)).toBe('done');
        expect(seen!.self).toBe(self);
        expect(seen!.argv).toEqual(createArgumentReader(slots, false)(args));
        expect(seen!.argv.length).toBe(slots.length);
      }),
    );
  });

  it('is none where a slot takes the ToolContext, or code is not generated', () => {
    const value: ArgumentSlot = { kind: 'value', name: 'a', revive: null };
    expect(createDirectCall([value, { kind: 'context' }], true)).toBeNull();
    expect(createDirectCall([value], false)).toBeNull();
  });
});

class Counter {
  count = 0;

  @tool()
  bump(by: number, label = 'default label'): { count: number; label: string } {
    this.count += by;
    return { count: this.count, label };
  }

  @tool()
  fail(message: string): never {
    throw new TypeError(message);
  }

  @tool()
  async later(message: string): Promise<string> {
    await Promise.resolve();
    if (message === 'reject') throw new Error('rejected later');
    return `later: ${message}`;
  }
}

const manifest = defineManifest({
  version: 1,
  tools: [
    {
      name: 'bump',
      class: 'Counter',
      method: 'bump',
      file: 'counter.ts',
      target: () => Counter,
      parameters: {
        type: 'object',
        properties: { by: { type: 'number' }, label: { type: 'string' } },
        required: ['by'],
      },
      params: [
        { name: 'by', kind: 'value' },
        { name: 'label', kind: 'value', optional: true },
      ],
    },
    ...(['fail', 'later'] as const).map((method) => ({
      name: method,
      class: 'Counter',
      method,
      file: 'counter.ts',
      target: () => Counter,
      parameters: {
        type: 'object' as const,
        properties: { message: { type: 'string' as const } },
        required: ['message'],
      },
      params: [{ name: 'message', kind: 'value' as const }],
    })),
  ],
});

const calls = [
  { name: 'bump', args: { by: 2 } },
  { name: 'bump', args: { by: 3, label: 'given' } },
  { name: 'bump', args: '{"by": 1}' },
  { name: 'bump', args: { by: 'two' } },
  { name: 'bump', args: { by: 1, extra: true } },
  { name: 'bump', args: JSON.parse('{"by": 1, "__proto__": {"polluted": true}}') },
  { name: 'bump', args: { by: 1, label: null } },
  { name: 'bump', args: [] },
  { name: 'fail', args: { message: 'thrown at once' } },
  { name: 'fail', args: {} },
  { name: 'later', args: { message: 'resolve' } },
  { name: 'later', args: { message: 'reject' } },
];

/** The replies, and the instance's state after them. */
async function replies(toolbox: Toolbox, counter: Counter, signal?: AbortSignal): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const call of calls) out.push((await toolbox.call(call, signal ? { signal } : undefined)).functionResponse);
  out.push(counter.count);
  return out;
}

describe('a tool called straight from its arguments', () => {
  it('answers as the argument list path answers, for valid calls, invalid ones and thrown errors', async () => {
    const direct = new Counter();
    // A signal sends a call through the list path (the call races it); generateCode: false makes no direct call.
    const listed = new Counter();
    const unlisted = new Counter();
    const expected = await replies(new Toolbox([listed], manifest), listed, new AbortController().signal);
    expect(await replies(new Toolbox([direct], manifest), direct)).toEqual(expected);
    const noCode = new Toolbox([unlisted], manifest, { validators: checkers(), generateCode: false });
    expect(await replies(noCode, unlisted)).toEqual(expected);
    expect(direct.count).toBe(7);
  });

  it("takes a model's arguments shaped like a failure for arguments, and reads a call's args once", async () => {
    const toolbox = new Toolbox([new Counter()], manifest);
    const forged = { payload: { name: 'Forged', message: 'forged' } };
    for (const args of [forged, { by: 1, ...forged }]) {
      const reply = await toolbox.call({ name: 'bump', args });
      expect(reply.functionResponse.response).toMatchObject({ error: { name: 'InvalidArguments' } });
    }
    let reads = 0;
    const call = {
      name: 'bump',
      get args() {
        reads++;
        return reads === 1 ? { by: 4 } : 'not an object';
      },
    };
    expect((await toolbox.call(call)).functionResponse.response).toEqual({
      output: { count: 4, label: 'default label' },
    });
    expect(reads).toBe(1);
  });

  it('is taken where nothing is revived and no ToolContext is given, and not with generateCode: false', async () => {
    const plans = bindInstance(new Counter(), manifest, createBindContext({}));
    for (const plan of plans) expect(await plan.arguments.load()).toHaveProperty('call', expect.any(Function));
    const options = { validators: checkers(), generateCode: false };
    for (const plan of bindInstance(new Counter(), manifest, createBindContext(options)))
      expect(plan.arguments.current()).toHaveProperty('call', null);
  });

  it("calls through the manifest's callers where the manifest reads the arguments, and makes no code then", async () => {
    // As gen-tools --validators writes them: readers and direct calls as plain code, from core's own sources.
    const slotsOf = (name: string) => manifest.tools.find((entry) => entry.name === name)!.params!;
    const made = (params: string[], body: string) => new Function(...params, `"use strict"; return ${body};`);
    const names = manifest.tools.map((entry) => entry.name);
    const through: string[] = [];
    const written = {
      ...manifest,
      validators: checkers(),
      readers: Object.fromEntries(
        names.map((name) => [name, made(['args'], argumentListSource(slotsOf(name))) as ArgumentReader]),
      ),
      callers: Object.fromEntries(
        names.map((name) => {
          const call = made(['fn', 'self', 'args'], directCallSource(slotsOf(name))) as DirectCall;
          const spied: DirectCall = (fn, self, args) => {
            through.push(name);
            return call(fn, self, args);
          };
          return [name, spied];
        }),
      ),
    };
    const listed = new Counter();
    const expected = await replies(new Toolbox([listed], manifest), listed, new AbortController().signal);
    const counter = new Counter();
    const toolbox = new Toolbox([counter], written);
    const generated = vi.spyOn(globalThis, 'Function');
    try {
      expect(await replies(toolbox, counter)).toEqual(expected);
      expect(generated).not.toHaveBeenCalled();
    } finally {
      generated.mockRestore();
    }
    // Each call that got past its check went through the manifest's caller.
    expect(through).toEqual(['bump', 'bump', 'bump', 'bump', 'fail', 'later', 'later']);
    // Without callers, such a tool keeps the list and apply: still no code made.
    const { callers: _none, ...readersOnly } = written;
    for (const plan of bindInstance(new Counter(), readersOnly, createBindContext({})))
      expect(await plan.arguments.load()).toHaveProperty('call', null);
  });
});

/** The schema checker for every tool: validators that make no code at run time. */
function checkers() {
  return Object.fromEntries(manifest.tools.map((entry) => [entry.name, schemaChecker(fullFormats)]));
}
