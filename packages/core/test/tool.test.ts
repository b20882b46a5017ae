import { describe, expect, it } from 'vitest';
import { tool, toolMethods } from '@toolwright/core';

describe('@tool() under standard decorators', () => {
  class Weather {
    @tool()
    current(city: string) {
      return city;
    }
    @tool({ name: 'lookup', timeoutMs: 5 })
    find(q: string) {
      return q;
    }
    plain() {}
  }

  it('records each decorated method with its options', () => {
    const methods = toolMethods(Weather);
    expect([...methods.keys()]).toEqual(['current', 'find']);
    expect(methods.get('find')).toEqual({ name: 'lookup', timeoutMs: 5 });
    expect(toolMethods(new Weather())).toEqual(methods);
  });

  it('is really compiled as standard decorators (a metadata object exists)', () => {
    expect((Weather as unknown as Record<symbol, unknown>)[Symbol.metadata]).toBeTypeOf('object');
  });

  it('leaves the method working', () => {
    expect(new Weather().current('Oslo')).toBe('Oslo');
  });

  it('keeps each class its own tools and options where tool() with no options is one decorator', () => {
    const options = { description: 'Finds.' };
    class A {
      @tool()
      one() {}
      @tool(options)
      two() {}
    }
    class B {
      @tool()
      three() {}
    }
    options.description = 'changed after';
    expect(tool()).toBe(tool());
    expect([...toolMethods(A)]).toEqual([
      ['one', {}],
      ['two', { description: 'Finds.' }],
    ]);
    expect([...toolMethods(B)]).toEqual([['three', {}]]);
    expect(Object.isFrozen(toolMethods(B).get('three'))).toBe(true);
    expect(Object.isFrozen(toolMethods(A).get('two'))).toBe(true);
  });
});
