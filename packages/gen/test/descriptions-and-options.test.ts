// What a first user met: JSDoc beyond the summary, utility types, a manual `parameters` schema, and a test file
// whose classes the generated module cannot import.
import { describe, expect, it } from 'vitest';
import { sourceRunner } from './helpers/generate-source.js';

const run = sourceRunner('papercuts');

describe('descriptions', () => {
  it('keep @remarks and the examples of a call; an @example of one parameter goes to that parameter', async () => {
    const { tools, diagnostics } = await run(`
export class Search {
  /**
   * Finds products.
   *
   * Matches names and descriptions.
   * @remarks Results are sorted by relevance.
   * Out-of-stock products come last.
   * @param query What to look for.
   * @example query "red shoes"
   * @example find({ query: "lamp", limit: 5 })
   * @example
   * find({
   *   query: "desk",
   * })
   */
  @tool()
  find(query: string, limit = 10): string[] { return [query, String(limit)]; }
}
`);
    expect(diagnostics).toEqual([]);
    expect(tools.find!.description).toBe(
      'Finds products.\n\nMatches names and descriptions.\n\nResults are sorted by relevance.\nOut-of-stock ' +
        'products come last.\n\n' +
        'Example: find({ query: "lamp", limit: 5 })\n\nExample:\nfind({\n  query: "desk",\n})',
    );
    expect(tools.find!.parameters.properties!.query).toEqual({
      type: 'string',
      description: 'What to look for.',
      examples: ['red shoes'],
    });
  });
});

describe('Pick and Omit', () => {
  it('keep the order in which the properties are declared, whatever the order of the keys', async () => {
    const keys = ['delta', 'alpha', 'echo', 'charlie'];
    // Every order of three of the keys, picked and omitted (the literal types exist before the interface is read).
    const orders = keys.flatMap((a) =>
      keys.flatMap((b) => keys.filter((c) => new Set([a, b, c]).size === 3).map((c) => [a, b, c])),
    );
    const union = (names: string[]) => names.map((name) => `'${name}'`).join(' | ');
    const { tools, diagnostics } = await run(`
export type Early = ${union([...keys].reverse())};
export interface Item { bravo: string; delta: number; alpha: boolean; echo: string[]; charlie?: string }
export class Picker {
  /** Picks. */
  @tool()
  pick(${orders.map((order, i) => `p${i}: Pick<Item, ${union(order)}>`).join(', ')}): void {}
  /** Omits. */
  @tool()
  omit(${orders.map((order, i) => `o${i}: Omit<Item, ${union(order)}>`).join(', ')}): void {}
  /** Derived. */
  @tool()
  derived(partial: Partial<Derived>, picked: Pick<Derived, 'yankee' | 'kilo'>): void {}
}
export type Late = 'yankee' | 'kilo' | 'zulu' | 'mike';
interface Base { zulu: string; yankee: number }
interface Derived extends Base { mike: boolean; kilo: string }
`);
    expect(diagnostics).toEqual([]);
    const declared = ['bravo', 'delta', 'alpha', 'echo', 'charlie'];
    expect(Object.keys(tools.derived!.parameters.properties!.partial!.properties!)).toEqual([
      'mike',
      'kilo',
      'zulu',
      'yankee',
    ]);
    expect(Object.keys(tools.derived!.parameters.properties!.picked!.properties!)).toEqual(['kilo', 'yankee']);
    orders.forEach((order, i) => {
      expect(Object.keys(tools.pick!.parameters.properties![`p${i}`]!.properties!)).toEqual(
        declared.filter((name) => order.includes(name)),
      );
      expect(Object.keys(tools.omit!.parameters.properties![`o${i}`]!.properties!)).toEqual(
        declared.filter((name) => !order.includes(name)),
      );
    });
  });
});

describe('a parameters option', () => {
  it(
    'written out, is the schema in the manifest (a Gemini schema as JSON Schema); ' +
      'otherwise a warning says it is not',
    async () => {
      const { tools, diagnostics } = await run(`
const shared = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
declare function makeSchema(): object;
export class Manual {
  /** JSON Schema. */
  @tool({ parameters: { type: 'object', properties: { q: { type: 'string', minLength: 1 } }, required: ['q'] } })
  search(args: { q: string }): string { return args.q; }
  /** A Gemini schema. */
  @tool({ parameters: { type: 'OBJECT', properties: { n: { type: 'INTEGER', nullable: true } }, required: ['n'] } })
  count(args: { n: number | null }): number { return args.n ?? 0; }
  /** A constant. */
  @tool({ parameters: shared })
  byId(id: string): string { return id; }
  /** Computed. */
  @tool({ parameters: makeSchema() })
  computed(args: object): object { return args; }
}
`);
      expect(tools.search!.parameters).toEqual({
        type: 'object',
        properties: { q: { type: 'string', minLength: 1 } },
        required: ['q'],
      });
      expect(tools.count!.parameters).toEqual({
        type: 'object',
        properties: { n: { type: ['integer', 'null'] } },
        required: ['n'],
      });
      expect(tools.byId!.parameters).toEqual({
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
      });
      expect(tools.byId!.params).toEqual([{ name: 'id', kind: 'value' }]);
      expect(tools.computed!.parameters).toMatchObject({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
      });
      expect(diagnostics).toEqual([
        expect.stringMatching(
          /^src\/service\.ts:\d+:\d+: warning TW2504: @tool\(\) option parameters is not a constant gen-tools can read/,
        ),
      ]);
    },
  );

  it('that is not an object schema is an error', async () => {
    const { diagnostics } = await run(`
export class Bad {
  /** Bad. */
  @tool({ parameters: { type: 'string' } })
  run(text: string): string { return text; }
}
`);
    expect(diagnostics).toEqual([
      expect.stringMatching(
        /error TW5005: the parameters option of "run" must describe an object \(type "object"\), got "string"$/,
      ),
    ]);
  });
});

describe('classes the generated module cannot import', () => {
  it('are left out with a warning, so a test file does not stop the generation of the project', async () => {
    const { tools, diagnostics } = await run({
      'src/service.ts': `import { tool } from '@toolwright/core';
export class Service {
  /** Runs. */
  @tool()
  run(): string { return 'ran'; }
}
`,
      'src/service.test.ts': `import { tool } from '@toolwright/core';
class Local {
  /** Local. */
  @tool({ parameters: { type: 'object', properties: {} } })
  local(args: object): object { return args; }
}
export function scenario() {
  class Inner {
    /** Inner. */
    @tool()
    inner(value: () => void): void { value(); }
  }
  return [new Local(), new Inner(), new (class { /** Anonymous. */ @tool() anonymous(): void {} })()];
}
`,
    });
    expect(Object.keys(tools)).toEqual(['run']);
    expect(diagnostics).toEqual([
      expect.stringMatching(
        /^src\/service\.test\.ts:2:7: warning TW2501: class Local has @tool\(\) methods but is not exported, so the generated module cannot import it: its tools are left out of the manifest/,
      ),
      expect.stringMatching(
        /^src\/service\.test\.ts:8:9: warning TW2501: class Inner has @tool\(\) methods but is not declared at the top level of its module, so/,
      ),
      expect.stringMatching(
        /^src\/service\.test\.ts:13:\d+: warning TW2501: @tool\(\) in a class expression, so the generated module cannot import it/,
      ),
    ]);
  });
});
