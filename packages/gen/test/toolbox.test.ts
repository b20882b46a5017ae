// Generated modules work with the real Toolbox: classes bind by identity (same-named classes, inherited and
// overridden tools), ToolContext stays out of the declaration, defaults apply, DTOs and Dates are revived.
import { Toolbox, type ToolManifest } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { generate } from '@toolwright/gen';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixturesDir, tempProject } from './helpers/temp-project.js';

async function load<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(file).href)) as T;
}

describe('generated manifests bound by the Toolbox', () => {
  it('binds two classes of the same name to their own tools', async () => {
    const dir = join(fixturesDir, 'same-class-name');
    const { manifest } = await load<{ manifest: ToolManifest }>(join(dir, 'expected.generated.ts'));
    const billing = await load<{ Service: new () => object }>(join(dir, 'src/billing/service.ts'));
    const shipping = await load<{ Service: new () => object }>(join(dir, 'src/shipping/service.ts'));
    const toolbox = new Toolbox([new billing.Service(), new shipping.Service()], manifest);
    expect(
      toolbox
        .declarations()
        .map((declaration) => declaration.name)
        .sort(),
    ).toEqual(['balance', 'track']);
    const reply = await toolbox.call({ name: 'track', args: { parcelId: 'P1' } });
    expect(reply.functionResponse.response).toEqual({ output: 'parcel P1 is on its way' });
  });

  it('binds inherited tools and the subclass override of a re-decorated method', async () => {
    const dir = join(fixturesDir, 'inheritance');
    const { manifest } = await load<{ manifest: ToolManifest }>(join(dir, 'expected.generated.ts'));
    const { MemoryStore } = await load<{ MemoryStore: new () => object }>(join(dir, 'src/memory-store.ts'));
    const toolbox = new Toolbox([new MemoryStore()], manifest);
    expect(
      toolbox
        .declarations()
        .map((declaration) => declaration.name)
        .sort(),
    ).toEqual(['listKeys', 'read', 'write']);
    await toolbox.call({ name: 'write', args: { key: 'a', value: '1' } });
    expect((await toolbox.call({ name: 'listKeys', args: {} })).functionResponse.response).toEqual({ output: ['a'] });
    // The override's entry (string, never null) is the one bound: a missing key reads as ''.
    expect((await toolbox.call({ name: 'read', args: { key: 'zz' } })).functionResponse.response).toEqual({
      output: '',
    });
  });

  it('keeps ToolContext out of the declaration and passes it to the method', async () => {
    const project = tempProject('context');
    try {
      const out = join(project.dir, 'src/tools.generated.ts');
      const result = await generate({ project: join(project.dir, 'tsconfig.json'), out, cwd: project.dir });
      expect(result.diagnostics).toEqual([]);
      const { manifest } = await load<{ manifest: ToolManifest }>(out);
      const { Downloads } = await load<{ Downloads: new () => object }>(join(project.dir, 'src/downloads.ts'));
      const toolbox = new Toolbox([new Downloads()], manifest);
      const fetchFile = toolbox
        .declarations({ dialect: 'json-schema' })
        .find((declaration) => declaration.name === 'fetchFile')!;
      expect(Object.keys((fetchFile.parametersJsonSchema as { properties: object }).properties)).toEqual(['url']);
      const reply = await toolbox.call({ id: 'c1', name: 'whoAmI', args: {} });
      expect(reply.functionResponse.response).toEqual({ output: 'whoAmI c1' });
    } finally {
      project.remove();
    }
  });

  it('revives a DTO class and a Date, through a default export and a bundler-style module', async () => {
    const dir = join(fixturesDir, 'export-forms');
    const { manifest } = await load<{ manifest: ToolManifest }>(join(dir, 'expected.generated.ts'));
    const { default: Reports } = await load<{ default: new () => object }>(join(dir, 'src/reports.ts'));
    const toolbox = new Toolbox([new Reports()], manifest);
    const since = await toolbox.call({ name: 'since', args: { since: '2024-05-01T10:00:00.000Z' } });
    expect(since.functionResponse.response).toEqual({ output: ['2024-05-01T10:00:00.000Z'] });
    const filed = await toolbox.call({
      name: 'file',
      args: { report: { title: 'Leak', due: '2024-06-01T00:00:00Z' } },
    });
    expect(filed.functionResponse.response).toEqual({ output: 'Leak' });
  });
});
