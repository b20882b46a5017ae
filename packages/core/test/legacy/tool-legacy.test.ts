// Compiled with `experimentalDecorators` (this folder's tsconfig.json), as NestJS and class-validator users do.
import { describe, expect, it } from 'vitest';
import { tool, toolMethods } from '@toolwright/core';

class Base {
  @tool({ description: 'from the base class' })
  ping() {
    return 'pong';
  }
}

class Service extends Base {
  @tool()
  greet(name: string) {
    return `hello ${name}`;
  }

  @tool({ description: 'the subclass wins' })
  override ping() {
    return 'PONG';
  }
}

describe('@tool() under legacy decorators', () => {
  it('is really compiled as legacy decorators (no standard metadata object)', () => {
    expect((Service as unknown as Record<symbol, unknown>)[Symbol.metadata]).toBeUndefined();
  });

  it('records methods, inherited ones included, the subclass winning', () => {
    const methods = toolMethods(Service);
    expect([...methods.keys()].sort()).toEqual(['greet', 'ping']);
    expect(methods.get('ping')).toEqual({ description: 'the subclass wins' });
    expect(toolMethods(Base).get('ping')).toEqual({ description: 'from the base class' });
  });

  it('keeps design-time metadata working for other decorators', () => {
    expect(new Service().greet('Ada')).toBe('hello Ada');
  });

  it('refuses static methods', () => {
    // The type refuses a static method under standard decorators (the workspace type check reads this file so);
    // under legacy ones only the run-time check can, which is what this tests.
    const untypedTool = tool as () => (...args: unknown[]) => void;
    expect(() => {
      class Bad {
        @untypedTool()
        static nope() {}
      }
      return Bad;
    }).toThrow(/static method/);
  });
});
