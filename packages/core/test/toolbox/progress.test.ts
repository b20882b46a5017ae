// ToolContext.progress reaches the caller's onProgress (and nothing breaks without one or when it throws), and
// checkArguments gives a remote tool's schema the same InvalidArguments feedback a Toolbox gives.
import { describe, expect, it } from 'vitest';
import {
  checkArguments,
  tool,
  Toolbox,
  type ObjectJsonSchema,
  type ToolContext,
  type ToolProgress,
} from '@toolwright/core';

class Worker {
  @tool({ parameters: { type: 'object', properties: { steps: { type: 'integer' } }, required: ['steps'] } })
  run(args: { steps: number }, context: ToolContext): number {
    for (let step = 1; step <= args.steps; step++) context.progress(step, args.steps, `step ${step}`);
    context.progress(Number.NaN);
    return args.steps;
  }
}

describe('ToolContext.progress', () => {
  it('reports each step to onProgress, skipping what is not a number', async () => {
    const toolbox = new Toolbox([new Worker()], { version: 1, tools: [] });
    const seen: ToolProgress[] = [];
    const reply = await toolbox.call(
      { name: 'run', args: { steps: 2 } },
      { onProgress: (update) => seen.push(update) },
    );
    expect(reply.functionResponse.response).toEqual({ output: 2 });
    expect(seen).toEqual([
      { progress: 1, total: 2, message: 'step 1' },
      { progress: 2, total: 2, message: 'step 2' },
    ]);
  });

  it('is a no-op without a listener, and a throwing listener does not fail the tool', async () => {
    const toolbox = new Toolbox([new Worker()], { version: 1, tools: [] });
    expect((await toolbox.call({ name: 'run', args: { steps: 3 } })).functionResponse.response).toEqual({ output: 3 });
    const throwing = await toolbox.call(
      { name: 'run', args: { steps: 1 } },
      {
        onProgress: () => {
          throw new Error('listener');
        },
      },
    );
    expect(throwing.functionResponse.response).toEqual({ output: 1 });
  });
});

describe('checkArguments', () => {
  const schema: ObjectJsonSchema = {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
  };

  it('passes valid arguments through and parses JSON text of an object', async () => {
    expect(await checkArguments('get-sum', schema, { a: 1, b: 2 })).toEqual({ args: { a: 1, b: 2 } });
    expect(await checkArguments('get-sum', schema, '{"a":1,"b":2}')).toEqual({ args: { a: 1, b: 2 } });
  });

  it('answers the Toolbox format for invalid ones', async () => {
    const result = await checkArguments('get-sum', schema, { a: 'one' });
    expect(result).toEqual({
      error: {
        name: 'InvalidArguments',
        message:
          'Invalid arguments for tool "get-sum" (2 issues): /b: expected number (required), received nothing; ' +
          '/a: expected number, received string "one". Fix them and call the tool again.',
        issues: [
          { path: '/b', expected: 'number (required)', received: 'nothing' },
          { path: '/a', expected: 'number', received: 'string "one"' },
        ],
      },
    });
  });
});
