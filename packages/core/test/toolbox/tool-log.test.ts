import { describe, expect, it } from 'vitest';
import { defineTool, Toolbox, type ToolLogEntry, type ToolLogLevel } from '@toolwright/core';

const logging = new Toolbox([
  defineTool({
    name: 'chatty',
    description: 'Logs as it works.',
    parameters: { type: 'object', properties: {} },
    handler: (_args, context) => {
      context.log('info', 'started');
      context.log('warning', { disk: 0.93 }, 'storage');
      context.log('loud' as ToolLogLevel, 'not a level');
      return 'done';
    },
  }),
]);

describe('ToolContext.log', () => {
  it('reaches onLog with its level, data and logger; a message at a level that does not exist is dropped', async () => {
    const entries: ToolLogEntry[] = [];
    const part = await logging.call({ name: 'chatty', args: {} }, { onLog: (entry) => entries.push(entry) });
    expect(part.functionResponse.response).toEqual({ output: 'done' });
    expect(entries).toEqual([
      { level: 'info', data: 'started' },
      { level: 'warning', data: { disk: 0.93 }, logger: 'storage' },
    ]);
  });

  it('is a no-op without a listener, and a listener that throws does not fail the tool', async () => {
    expect((await logging.call({ name: 'chatty', args: {} })).functionResponse.response).toEqual({ output: 'done' });
    const failing = await logging.call(
      { name: 'chatty', args: {} },
      {
        onLog: () => {
          throw new Error('listener broke');
        },
      },
    );
    expect(failing.functionResponse.response).toEqual({ output: 'done' });
  });
});
