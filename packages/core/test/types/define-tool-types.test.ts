// Type-level tests of defineTool's inference and of declarations() against @google/genai's types: the fixtures are
// compiled with the TypeScript API under the workspace's compiler options (their @ts-expect-error lines fail the
// compile when the error they mark goes away).
import { describe, expect, it } from 'vitest';
import { compileFixtures } from './compile-fixtures.js';

describe('types', () => {
  it("defineTool infers the handler's args from a Standard Schema and takes them as a type argument otherwise", () => {
    expect(compileFixtures(['define-tool.ts'])).toEqual([]);
  });

  it("toolbox.declarations() is assignable to @google/genai's FunctionDeclaration[] with no cast", () => {
    expect(compileFixtures(['declarations.ts'])).toEqual([]);
  });
});
