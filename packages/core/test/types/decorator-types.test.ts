// Type-level tests of @tool(): the fixtures are compiled with the TypeScript API, under the workspace's compiler
// options, in both decorator modes. Every method shape must type-check; misuse must not (the misuse fixtures mark
// each error with @ts-expect-error, so a use that stops being an error fails the compile as well).
import { describe, expect, it } from 'vitest';
import { compileFixtures } from './compile-fixtures.js';

describe('@tool() types', () => {
  it('standard (TC39) decorators: any instance method type-checks, misuse does not', () => {
    expect(compileFixtures(['methods.ts', 'standard-misuse.ts'], { experimentalDecorators: false })).toEqual([]);
  });

  it('legacy decorators (experimentalDecorators): the same methods type-check, misuse does not', () => {
    expect(compileFixtures(['methods.ts', 'legacy-misuse.ts'], { experimentalDecorators: true })).toEqual([]);
  });
});
