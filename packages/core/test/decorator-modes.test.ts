// The decorator must work with what TypeScript itself emits in both modes, not only with the test transformer.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import * as core from '@toolwright/core';

const source = `
  const { tool, toolMethods } = core;
  class Parent {
    @tool({ name: 'parent_tool' })
    parent(): string { return 'p'; }
  }
  class Child extends Parent {
    @tool()
    child(x: number): number { return x * 2; }
    helper() {}
  }
  done({ child: [...toolMethods(Child)], parent: [...toolMethods(new Parent())], value: new Child().child(21) });
`;

function runCompiled(experimentalDecorators: boolean) {
  const { outputText, diagnostics } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, experimentalDecorators },
    reportDiagnostics: true,
  });
  expect(diagnostics ?? []).toEqual([]);
  let result: unknown;
  const exports = {};
  new Function('core', 'require', 'exports', 'done', outputText)(
    core,
    createRequire(import.meta.url),
    exports,
    (value: unknown) => {
      result = value;
    },
  );
  return result as { child: [string, object][]; parent: [string, object][]; value: number };
}

describe.each([
  ['legacy (experimentalDecorators)', true],
  ['standard (TC39)', false],
])('@tool() compiled by tsc, %s', (_, experimentalDecorators) => {
  it('registers own and inherited tool methods with their options', () => {
    const result = runCompiled(experimentalDecorators);
    expect(result.child).toEqual([
      ['parent', { name: 'parent_tool' }],
      ['child', {}],
    ]);
    expect(result.parent).toEqual([['parent', { name: 'parent_tool' }]]);
    expect(result.value).toBe(42);
  });
});

describe('@tool() misuse', () => {
  it('refuses a field under standard decorators', () => {
    const decorate = core.tool() as unknown as (value: unknown, context: object) => void;
    expect(() => decorate(undefined, { kind: 'field', name: 'x', static: false, metadata: {} })).toThrow(
      /goes on a method, not on a field/,
    );
  });

  it('refuses a static method under standard decorators', () => {
    const decorate = core.tool() as unknown as (value: unknown, context: object) => void;
    expect(() => decorate(() => {}, { kind: 'method', name: 'x', static: true, metadata: {} })).toThrow(
      /static method x/,
    );
  });

  it('refuses a private method under standard decorators', () => {
    const decorate = core.tool() as unknown as (value: unknown, context: object) => void;
    expect(() =>
      decorate(() => {}, { kind: 'method', name: '#x', static: false, private: true, metadata: {} }),
    ).toThrow(/private method #x/);
  });

  it('registers on first construction when the runtime gives no metadata object', () => {
    const decorate = core.tool({ description: 'late' }) as unknown as (value: unknown, context: object) => void;
    const initializers: ((this: unknown) => void)[] = [];
    class Late {
      m() {}
    }
    decorate(Late.prototype.m, {
      kind: 'method',
      name: 'm',
      static: false,
      metadata: undefined,
      addInitializer: (fn: (this: unknown) => void) => initializers.push(fn),
    });
    expect(core.toolMethods(Late).size).toBe(0);
    const instance = new Late();
    for (const init of initializers) init.call(instance);
    expect(core.toolMethods(Late).get('m')).toEqual({ description: 'late' });
  });
});
