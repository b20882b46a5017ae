// Rendered declarations checked against the rules of their targets: Gemini's through FakeGemini's own rule checks
// (@toolwright/testing), OpenAI strict mode's through the rules of its guide, and every JSON Schema output through
// Ajv (draft 2020-12), so that each is a schema a validator accepts.
import { functionDeclarationProblems, requestProblems } from '@toolwright/testing';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { toGeminiDeclaration, toOpenAITool, type DeclaredTool, type JsonSchema } from '../../src/index.js';
import { strictSchemaProblems } from './strict-rules.js';
import { fixtures, targets } from './targets.js';

const declarationPath = 'tools[0].function_declarations[0]';
const cases = fixtures.map((fixture) => [fixture.name, fixture.tool] as const);

describe('Gemini parameters (OpenAPI subset) against FakeGemini rules', () => {
  it.each(cases)('%s has no problems', (_name, tool) => {
    expect(functionDeclarationProblems(toGeminiDeclaration(tool), declarationPath)).toEqual([]);
  });

  it('every fixture in one request is accepted', () => {
    const body = {
      contents: [{ role: 'user', parts: [{ text: 'Do the things.' }] }],
      tools: [{ functionDeclarations: fixtures.map((fixture) => toGeminiDeclaration(fixture.tool)) }],
    };
    expect(requestProblems(body)).toEqual([]);
  });

  it('the rule check rejects the JSON Schema sent as parameters (the check can fail)', () => {
    const tool = fixtures.find((fixture) => fixture.name === 'store_document')!.tool;
    const raw = { name: tool.name, parameters: tool.parameters };
    expect(functionDeclarationProblems(raw, declarationPath).length).toBeGreaterThan(0);
  });
});

describe('Gemini parametersJsonSchema against FakeGemini rules', () => {
  it.each(cases)('%s has no problems', (_name, tool) => {
    const declaration = toGeminiDeclaration(tool, { dialect: 'json-schema' });
    expect(declaration.parameters).toBeUndefined();
    expect(functionDeclarationProblems(declaration, declarationPath)).toEqual([]);
  });
});

describe('OpenAI strict mode rules', () => {
  it.each(cases)('%s keeps to the strict subset', (_name, tool) => {
    const rendered = toOpenAITool(tool, { strict: true });
    expect(rendered.function.strict).toBe(true);
    expect(strictSchemaProblems(rendered.function.parameters)).toEqual([]);
  });

  it('the rule check finds the problems of a schema not made strict (the check can fail)', () => {
    const tool = fixtures.find((fixture) => fixture.name === 'create_event')!.tool;
    expect(strictSchemaProblems(tool.parameters).length).toBeGreaterThan(0);
  });
});

/** The JSON Schema inside each JSON-Schema target's output. */
const jsonSchemaOf: Record<string, (output: never) => JsonSchema | undefined> = {
  'gemini-json-schema': (output: { parametersJsonSchema?: JsonSchema }) => output.parametersJsonSchema,
  'gemini-json-schema-inlined': (output: { parametersJsonSchema?: JsonSchema }) => output.parametersJsonSchema,
  openai: (output: { function: { parameters: JsonSchema } }) => output.function.parameters,
  'openai-strict': (output: { function: { parameters: JsonSchema } }) => output.function.parameters,
  anthropic: (output: { input_schema: JsonSchema }) => output.input_schema,
  mcp: (output: { inputSchema: JsonSchema }) => output.inputSchema,
};

describe.each(Object.keys(jsonSchemaOf))('%s output is valid JSON Schema', (target) => {
  it.each(cases)('%s compiles with Ajv (strict)', (_name, tool: DeclaredTool) => {
    const schema = jsonSchemaOf[target]!(targets[target]!(tool).output as never);
    if (schema === undefined) return; // a tool without arguments is declared without parameters
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    addFormats.default(ajv);
    expect(() => ajv.compile(schema)).not.toThrow();
  });
});
