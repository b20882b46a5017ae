// A call written in each format and read back gives the same values: random arguments of the example manifests'
// schemas (examples/weather, packages/fs-tools), and any JSON at all, with prose around and streamed in pieces.
import type { JsonSchema, ManifestTool } from '@toolwright/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { manifest as weatherManifest } from '../../../examples/weather/src/tools.generated.js';
import { manifest as fileManifest } from '../../fs-tools/src/tools.generated.js';
import { CallStreamParser, FORMATS, parseCalls, type CallFormat, type ParserTool } from '../src/prompt-calling.js';

const formats: CallFormat[] = ['tool-call', 'python', 'json'];
const string = fc.string({ unit: 'binary', maxLength: 24 });

/** Values a schema accepts (the subset the example manifests use, which is what gen-tools writes for them). */
function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.enum)) return fc.constantFrom(...node.enum);
  const min = typeof node.minimum === 'number' ? node.minimum : undefined;
  const max = typeof node.maximum === 'number' ? node.maximum : undefined;
  switch (node.type) {
    case 'string':
      return string;
    case 'integer':
      return fc.integer({ min: min ?? -1e9, max: max ?? 1e9 });
    case 'number':
      return fc.double({ min: min ?? -1e12, max: max ?? 1e12, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitraryOf((node.items ?? {}) as JsonSchema), { maxLength: 4 });
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
      const required = (node.required ?? []) as string[];
      const shape = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, arbitraryOf(value)]));
      return fc.record(shape, { requiredKeys: required });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const manifestTools = [...weatherManifest.tools, ...fileManifest.tools] as ManifestTool[];
const parserTools: ParserTool[] = manifestTools.map((tool) => ({
  name: tool.name,
  parameters: Object.keys(tool.parameters.properties ?? {}),
}));
/** JSON's own values: what a call can carry (no -0, no undefined). */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

function readBack(text: string, format: CallFormat, cut: number) {
  const whole = parseCalls(text, { tools: parserTools, format });
  const parser = new CallStreamParser({ tools: parserTools, format });
  let shown = parser.push(text.slice(0, cut));
  shown += parser.push(text.slice(cut));
  const { prose, reply } = parser.end();
  expect(reply).toEqual(whole);
  expect(shown + prose).toBe(whole.prose);
  return whole;
}

describe('round trip: write a call, parse it back', () => {
  it('the example manifests cover what the test needs', () => {
    expect(manifestTools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['getCurrentWeather', 'listAlerts', 'write_file']),
    );
  });

  for (const format of formats) {
    it(`${format}: random arguments of every example tool come back equal`, () => {
      const call = fc
        .constantFrom(...manifestTools)
        .chain((tool) => arbitraryOf(tool.parameters as JsonSchema).map((args) => ({ tool, args: asJson(args) })));
      fc.assert(
        fc.property(call, fc.string({ maxLength: 12 }), fc.nat(), ({ tool, args }, prose, cut) => {
          const written = FORMATS[format].call(tool.name, args);
          // The prose before opens nothing that quotes what follows (a fence, a blockquote, a comment).
          const text = `${prose.replace(/[`[{<~>]|tool_call/gi, '')}\n${written}\nDone.`;
          const parsed = readBack(text, format, cut % (text.length + 1));
          expect(parsed.problems).toEqual([]);
          expect(parsed.calls).toHaveLength(1);
          expect(parsed.calls[0]!.name).toBe(tool.name);
          expect(parsed.calls[0]!.args).toEqual(args);
        }),
        { numRuns: 150 },
      );
    });

    it(`${format}: any JSON object as arguments comes back equal`, () => {
      const args = fc.dictionary(string, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }).map(asJson);
      fc.assert(
        fc.property(args, fc.nat(), (value, cut) => {
          const text = FORMATS[format].call('write_file', value);
          const parsed = readBack(text, format, cut % (text.length + 1));
          expect(parsed.problems).toEqual([]);
          expect(parsed.calls[0]!.args).toEqual(value);
        }),
        { numRuns: 150 },
      );
    });
  }
});
