// The run-time validator of a tool without a precompiled one: the schema checker first (no ajv loaded), ajv's
// compiled code once the tool is called often, the same answers throughout.
import { describe, expect, it } from 'vitest';
import { CALLS_BEFORE_AJV, compileAtRunTime, tieredValidator } from '../../src/toolbox/runtime-validator.js';
import type { PrecompiledValidator } from '../../src/toolbox/types.js';
import type { ObjectJsonSchema } from '../../src/json-schema.js';

/** A validator that counts its calls and accepts what `accepts` says, with one error otherwise. */
function counting(accepts: (data: unknown) => boolean, path: string) {
  const validate = ((data: unknown) => {
    validate.calls++;
    const valid = accepts(data);
    validate.errors = valid ? null : [{ instancePath: path, schemaPath: '#', keyword: 'type', params: {} }];
    return valid;
  }) as PrecompiledValidator & { calls: number };
  validate.calls = 0;
  return validate;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('tieredValidator', () => {
  it('validates with the first until its calls are spent, then with the compiled one, errors included', async () => {
    const first = counting((data) => data === 1, '/first');
    const compiled = counting((data) => data === 1, '/compiled');
    let asked = 0;
    const validate = tieredValidator(first, async () => {
      asked++;
      return compiled;
    });
    for (let i = 1; i < CALLS_BEFORE_AJV; i++) expect(validate(1)).toBe(true);
    expect(asked).toBe(0);
    expect(validate(2)).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/first');
    expect(asked).toBe(1);
    expect(Object.hasOwn(validate, 'faster')).toBe(true);
    expect(validate.faster).toBeUndefined();
    await tick();
    expect(validate.faster).toBe(compiled);
    expect(validate(2)).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/compiled');
    for (let i = 0; i < 3 * CALLS_BEFORE_AJV; i++) validate(1);
    expect(asked).toBe(1);
    expect(first.calls).toBe(CALLS_BEFORE_AJV);
  });

  it('stays on the first where the compiled one cannot be had', async () => {
    const first = counting((data) => data === 1, '/first');
    const validate = tieredValidator(first, () => Promise.reject(new Error('no ajv here')));
    for (let i = 0; i < CALLS_BEFORE_AJV; i++) validate(1);
    await tick();
    expect(validate(2)).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/first');
    expect(first.calls).toBe(CALLS_BEFORE_AJV + 1);
    expect(validate.faster).toBeUndefined();
  });
});

describe('compileAtRunTime', () => {
  const schema: ObjectJsonSchema = {
    type: 'object',
    properties: { when: { type: 'string', format: 'date-time' }, n: { type: 'integer', minimum: 1 } },
    required: ['when'],
  };
  const bad = { when: 'soon', n: 0, extra: true };

  it('gives the same errors on the checker and, once the tool is hot, on ajv', async () => {
    const validate = await compileAtRunTime(schema, true);
    expect(validate(bad)).toBe(false);
    const onChecker = structuredClone(validate.errors);
    expect(onChecker?.map((error) => error.keyword).sort()).toEqual(['additionalProperties', 'format', 'minimum']);
    for (let i = 0; i < CALLS_BEFORE_AJV; i++) validate({ when: '2025-01-01T00:00:00Z' });
    const { compileValidator } = await import('../../src/toolbox/ajv-compiler.js');
    for (let i = 0; i < 20; i++) await tick();
    expect(validate(bad)).toBe(false);
    expect(structuredClone(validate.errors)).toEqual(onChecker);
    const ajv = compileValidator(schema, true);
    ajv(bad);
    expect(structuredClone(ajv.errors)).toEqual(onChecker);
  });

  it("keeps a schema that compares values on the checker, however hot: ajv would misjudge the model's objects", async () => {
    const unique: ObjectJsonSchema = {
      type: 'object',
      properties: { tags: { type: 'array', uniqueItems: true, items: { type: 'object' } } },
    };
    // ajv's deep equality takes two objects with an own `constructor` for unequal: these two are equal.
    const twice = JSON.parse('{"tags":[{"constructor":{}},{"constructor":{}}]}') as unknown;
    const validate = await compileAtRunTime(unique, true);
    for (let i = 0; i < 2 * CALLS_BEFORE_AJV; i++) validate({ tags: [] });
    await import('../../src/toolbox/ajv-compiler.js');
    for (let i = 0; i < 20; i++) await tick();
    expect(validate(twice)).toBe(false);
    expect(validate.errors?.[0]?.keyword).toBe('uniqueItems');
    // ajv's equality calls an own `toString` or `valueOf` (here a string: it would throw).
    expect(validate({ tags: [{ toString: 'a' }, { valueOf: 'a' }] })).toBe(true);
    expect(validate({ tags: [{ toString: 'a' }, { toString: 'a' }] })).toBe(false);
  });

  it("compiles once per schema object, and refuses a schema neither takes with ajv's reason", async () => {
    expect(await compileAtRunTime(schema, true)).toBe(await compileAtRunTime(schema, true));
    expect(await compileAtRunTime(schema, false)).not.toBe(await compileAtRunTime(schema, true));
    const broken = { type: 'object', properties: { a: { type: 'strin' } } } as unknown as ObjectJsonSchema;
    await expect(compileAtRunTime(broken, true)).rejects.toThrow(/type/);
  });
});
