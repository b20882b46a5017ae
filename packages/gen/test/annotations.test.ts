// `@tool({ annotations })`: gen-tools copies the literal values into the manifest (and says which it could not read);
// the Toolbox lays the decorator's own object over them at bind time.
import { Toolbox, type ToolManifest } from '@toolwright/core';
import { generate } from '@toolwright/gen';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempProject } from './helpers/temp-project.js';
import { budget } from '../../../test/support/time-budget.js';

describe('tool annotations', () => {
  let project: ReturnType<typeof tempProject>;
  let result: Awaited<ReturnType<typeof generate>>;
  beforeAll(async () => {
    project = tempProject('annotations');
    result = await generate({ cwd: project.dir, out: 'src/tools.generated.ts', json: 'tools.json' });
  }, budget(60_000));
  afterAll(() => project.remove());

  it('writes literal annotations into the manifest and warns about the rest', () => {
    const byName = Object.fromEntries(result.manifest.tools.map((entry) => [entry.name, entry.annotations]));
    expect(byName).toEqual({
      read: { title: 'Read a note', readOnlyHint: true, openWorldHint: false },
      remove: { title: 'Delete a note', destructiveHint: true },
      count: undefined,
    });
    expect(result.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      expect.stringContaining('annotations.idempotentHint is not a literal'),
    ]);
  });

  it('binds the decorator annotations over the manifest', async () => {
    const { manifest } = (await import(pathToFileURL(join(project.dir, 'src/tools.generated.ts')).href)) as {
      manifest: ToolManifest;
    };
    const { Notes } = (await import(pathToFileURL(join(project.dir, 'src/notes.ts')).href)) as {
      Notes: new () => object;
    };
    const toolbox = new Toolbox([new Notes()], manifest);
    expect(toolbox.get('read')?.annotations).toEqual({
      title: 'Read a note',
      readOnlyHint: true,
      openWorldHint: false,
    });
    expect(toolbox.get('remove')?.annotations).toMatchObject({ title: 'Delete a note', destructiveHint: true });
    expect(typeof toolbox.get('remove')?.annotations?.idempotentHint).toBe('boolean');
    expect(toolbox.get('count')?.annotations).toBeUndefined();
  });

  it('refuses annotations of the wrong shape in a JSON manifest', () => {
    const json = {
      version: 1,
      tools: [{ ...result.manifest.tools[0]!, annotations: { readOnlyHint: 'yes', colour: 1 } }],
    };
    expect(() => new Toolbox([], json)).toThrow(
      /annotations\.readOnlyHint: expected a boolean.*annotations\.colour: unknown annotation/,
    );
  });
});
