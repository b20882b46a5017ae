// Defaults that name an enum member (`priority = Priority.High`) are read from the member's symbol, not by checking
// the expression (default-value.ts): across files, through renamed imports, numeric and const enums; what is not an
// enum member (a namespace's const merged with the enum, a shadowing parameter) is still read from its checked type.
import { describe, expect, it } from 'vitest';
import { sourceRunner } from './helpers/generate-source.js';

const run = sourceRunner('enum-defaults');

describe('enum member defaults', () => {
  it('give the member value wherever the enum is declared and however it is imported', async () => {
    const { tools, diagnostics } = await run({
      'src/shared.ts': [
        "export enum Priority { Low = 'low', High = 'high' }",
        'export enum Level { Debug, Info = 5, Warn }',
        "export const enum Direction { Up = 'UP', Down = 'DOWN' }",
        "export enum Mode { Fast = 'fast' }",
        "export namespace Mode { export const Slow = 'slow'; }",
        "export enum Size { Small = 'small'.length }",
      ].join('\n'),
      'src/service.ts': `import { tool } from '@toolwright/core';
import { Direction, Level, Mode, Priority as P, Size } from './shared.js';
import * as shared from './shared.js';

export class Service {
  /** Sets things. */
  @tool()
  set(p: P = P.High, level: Level = Level.Warn, direction: Direction = Direction.Down, mode: string = Mode.Slow,
      size: number = Size.Small, low: P = shared.Priority.Low): void {}

  /** Shadowed. */
  @tool()
  shadow(Level = { Warn: 'w' } as const, warn: string = Level.Warn): void {}
}
`,
    });
    expect(diagnostics).toEqual([]);
    const defaults = (name: string) =>
      Object.fromEntries(
        Object.entries(tools[name]!.parameters.properties!).map(([key, schema]) => [key, schema.default]),
      );
    expect(defaults('set')).toEqual({
      p: 'high',
      level: 6,
      direction: 'DOWN',
      mode: 'slow',
      size: undefined,
      low: 'low',
    });
    expect(defaults('shadow')).toEqual({ Level: { Warn: 'w' }, warn: 'w' });
  });
});
