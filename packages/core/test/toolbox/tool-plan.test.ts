// A tool's plan: made once at bind time and frozen; the argument part made once, on the first call, and only there.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonSchema, PrecompiledValidator } from '@toolwright/core';
import { validationSchema, validatorAjvOptions } from '@toolwright/core/validator-build';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { namesInherited, reachesRef, type ArgumentPlan } from '../../src/toolbox/argument-plan.js';
import { bindInstance, createBindContext } from '../../src/toolbox/bind.js';
import { CallFailure } from '../../src/toolbox/call-errors.js';
import { CALLS_BEFORE_AJV } from '../../src/toolbox/runtime-validator.js';
import { manifest, WeatherService } from './weather-service.js';

describe('reachesRef', () => {
  // Schemas without a reference, with "$ref" where it is no reference: a property name, and inside data keywords.
  const leaf = fc
    .constantFrom<JsonSchema>(
      { type: 'string' },
      { type: 'integer', default: { $ref: '#/not/a/reference' } },
      { const: { $ref: '#' } },
      { enum: [{ $ref: '#' }, 'a'] },
      { examples: [{ $ref: '#/$defs/X' }] },
    )
    .map((node) => structuredClone(node));
  const { schema } = fc.letrec<{ schema: JsonSchema }>((tie) => ({
    schema: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc
        .dictionary(fc.constantFrom('$ref', 'a', 'b'), tie('schema'), { maxKeys: 3 })
        .map((properties) => ({ type: 'object' as const, properties })),
      tie('schema').map((items) => ({ type: 'array' as const, items })),
      fc.array(tie('schema'), { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf })),
      tie('schema').map((not) => ({ not }) as JsonSchema),
      fc.dictionary(fc.constantFrom('A', 'B'), tie('schema'), { maxKeys: 2 }).map(($defs) => ({ $defs })),
    ),
  }));

  /** Every schema position in a schema made by the generator above. */
  function positions(node: JsonSchema): JsonSchema[] {
    const children = [
      ...Object.values(node.properties ?? {}),
      ...Object.values(node.$defs ?? {}),
      ...(node.anyOf ?? []),
      ...(typeof node.items === 'object' ? [node.items] : []),
      ...((node as { not?: JsonSchema }).not ? [(node as { not: JsonSchema }).not] : []),
    ];
    return [node, ...children.flatMap(positions)];
  }

  it('finds no reference where there is none, whatever "$ref" the data and property names hold', () => {
    fc.assert(
      fc.property(schema, (tree) => {
        expect(reachesRef(tree)).toBe(false);
      }),
    );
  });

  it('finds a reference at any schema position', () => {
    fc.assert(
      fc.property(schema, fc.nat(), (tree, pick) => {
        const all = positions(tree);
        (all[pick % all.length] as { $ref?: string }).$ref = '#';
        expect(reachesRef(tree)).toBe(true);
      }),
    );
  });

  it('names an inherited property only where properties, required or dependentRequired hold one', () => {
    const inherited = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype));
    const naming = fc.oneof(
      inherited.map((name) => ({ properties: { [name]: { type: 'string' } } }) as JsonSchema),
      inherited.map((name) => ({ required: [name] }) as JsonSchema),
      inherited.map((name) => ({ dependentRequired: { a: [name] } }) as unknown as JsonSchema),
    );
    fc.assert(
      fc.property(schema, fc.nat(), naming, (tree, pick, extra) => {
        expect(namesInherited(tree)).toBe(false);
        const all = positions(tree);
        Object.assign(all[pick % all.length]!, extra);
        expect(namesInherited(tree)).toBe(true);
      }),
    );
    // A value that merely holds such a name is no property.
    expect(namesInherited({ type: 'string', enum: ['toString'], default: 'constructor' })).toBe(false);
  });

  it('reads the draft 7 tuple form of items', () => {
    const tuple = { type: 'array', items: [{ type: 'string' }, { $ref: '#/definitions/A' }] };
    expect(reachesRef(tuple as unknown as JsonSchema)).toBe(true);
  });
});

describe('tool plans', () => {
  it('are frozen at bind time; a run-time validator is compiled once, on the first call', async () => {
    const plans = bindInstance(new WeatherService(), manifest, createBindContext({}));
    for (const plan of plans) {
      expect(Object.isFrozen(plan)).toBe(true);
      expect(Object.isFrozen(plan.slots)).toBe(true);
      expect(Object.isFrozen(plan.source)).toBe(true);
      expect(plan.source.kind).toBe('run-time');
      expect(plan.arguments.current()).toBeUndefined();
    }
    const plan = plans[0]!;
    const loaded = await plan.arguments.load();
    expect(loaded).not.toBeInstanceOf(CallFailure);
    expect(Object.isFrozen(loaded)).toBe(true);
    expect(plan.arguments.current()).toBe(loaded);
    expect(await plan.arguments.load()).toBe(loaded);
    // The other tools' parts are still to be made.
    expect(plans[1]!.arguments.current()).toBeUndefined();
  });

  it("on a run-time validator, hold ajv's validator itself once the tool is hot, with the same answers", async () => {
    const [plan] = bindInstance(new WeatherService(), manifest, createBindContext({}));
    const loaded = (await plan!.arguments.load()) as ArgumentPlan;
    const valid = { city: 'Oslo', days: 2 };
    const invalid = { city: 'Oslo', days: 2.5, extra: true };
    expect(loaded.validate!(invalid)).toBe(false);
    const onChecker = structuredClone(loaded.validate!.errors);
    for (let i = 0; i < CALLS_BEFORE_AJV; i++) expect(loaded.validate!(valid)).toBe(true);
    const { compileValidator } = await import('../../src/toolbox/ajv-compiler.js');
    const ajv = compileValidator(plan!.declared, true);
    for (let i = 0; i < 20 && plan!.arguments.current()!.validate !== ajv; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      loaded.validate!(valid);
    }
    const hot = plan!.arguments.current()!;
    expect(hot.validate).toBe(ajv);
    expect(Object.isFrozen(hot)).toBe(true);
    expect({ ...hot, validate: null }).toEqual({ ...loaded, validate: null });
    // The plan a call began with still answers, and as the new one does.
    expect(loaded.validate!(invalid)).toBe(false);
    expect(structuredClone(loaded.validate!.errors)).toEqual(onChecker);
    expect(hot.validate!(invalid)).toBe(false);
    expect(structuredClone(hot.validate!.errors)).toEqual(onChecker);
  });

  it('with a precompiled validator, make their argument part on first use without waiting', () => {
    const ajv = new Ajv2020({ ...validatorAjvOptions });
    const validators = Object.fromEntries(
      manifest.tools.map((tool) => [tool.name, ajv.compile(validationSchema(tool.parameters)) as PrecompiledValidator]),
    );
    const [plan] = bindInstance(new WeatherService(), manifest, createBindContext({ validators, generateCode: false }));
    expect(plan!.source).toMatchObject({ kind: 'precompiled', validate: validators[plan!.tool.name] });
    const made = plan!.arguments.current();
    expect(made?.validate).toBe(validators[plan!.tool.name]);
    expect(plan!.arguments.current()).toBe(made);
  });

  it("report a schema that does not compile as the tool's error, and try it again on the next call", async () => {
    const tools = manifest.tools.map((tool) => {
      const properties = { ...tool.parameters.properties, x: { type: 'nonsense' } };
      return { ...tool, parameters: { ...tool.parameters, properties } };
    });
    const broken = { ...manifest, tools };
    const [plan] = bindInstance(new WeatherService(), broken as typeof manifest, createBindContext({}));
    const first = await plan!.arguments.load();
    expect(first).toBeInstanceOf(CallFailure);
    expect((first as CallFailure).payload).toMatchObject({
      name: 'ToolSchemaError',
      message: expect.stringContaining('its schema does not compile'),
    });
    expect(plan!.arguments.current()).toBeUndefined();
    expect(await plan!.arguments.load()).not.toBe(first);
  });
});
