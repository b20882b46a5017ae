// One vocabulary for what a tool answers: the builders every package uses, the Toolbox's own answers made by them,
// and the one order of time limits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abortedPayload,
  callTimeLimit,
  defineTool,
  deniedPayload,
  disabledPayload,
  timedOutPayload,
  Toolbox,
  ToolAbortError,
  ToolTimeoutError,
  type CallOptions,
  type ToolErrorName,
} from '@toolwright/core';

describe('the answers', () => {
  it('name the tool, and tell a reason for a cancel unless it is the platform saying "aborted"', () => {
    expect(timedOutPayload('slow', 20)).toEqual({
      name: 'TimeoutError',
      message: 'Tool "slow" did not finish within 20 ms',
      toolName: 'slow',
      timeoutMs: 20,
    });
    expect(abortedPayload('wait').message).toBe('The call to tool "wait" was cancelled');
    expect(abortedPayload('wait', 'the user left').message).toBe(
      'The call to tool "wait" was cancelled: the user left',
    );
    expect(abortedPayload('wait', new Error('disk gone')).message).toBe(
      'The call to tool "wait" was cancelled: disk gone',
    );
    const platform = new AbortController();
    platform.abort();
    expect(abortedPayload('wait', platform.signal.reason).message).toBe('The call to tool "wait" was cancelled');
    expect(abortedPayload('wait', { no: 'text' }).message).toBe('The call to tool "wait" was cancelled');
  });

  it("keep a denial's own fields, its message last in the text", () => {
    expect(deniedPayload('pay', { message: 'over budget', limit: 100 })).toEqual({
      name: 'CallDenied',
      message: 'The call to tool "pay" was denied: over budget',
      limit: 100,
    });
    expect(disabledPayload('flaky', 3)).toMatchObject({
      name: 'ToolDisabled',
      message: /^Tool "flaky" failed 3 times/,
    });
  });

  it("are the Toolbox's own answers, and its error classes' messages", async () => {
    const hang = defineTool({
      name: 'hang',
      parameters: { type: 'object', properties: {} },
      handler: () => new Promise(() => {}),
    });
    const toolbox = new Toolbox([hang]);
    const timedOut = await toolbox.call({ name: 'hang', args: {} }, { timeoutMs: 15 });
    expect(timedOut.functionResponse.response).toEqual({ error: timedOutPayload('hang', 15) });
    const controller = new AbortController();
    const pending = toolbox.call({ name: 'hang', args: {} }, { signal: controller.signal });
    controller.abort('stop');
    expect((await pending).functionResponse.response).toEqual({
      error: { ...abortedPayload('hang', 'stop'), cause: 'stop' },
    });
    expect(new ToolTimeoutError('hang', 15).message).toBe(timedOutPayload('hang', 15).message);
    expect(new ToolAbortError('hang', 'stop').message).toBe(abortedPayload('hang', 'stop').message);
  });

  it('carry a name of the vocabulary, which types ToolErrorPayload.name', () => {
    const names: ToolErrorName[] = [
      timedOutPayload('t', 1).name,
      abortedPayload('t').name,
      deniedPayload('t', { message: 'no' }).name,
      disabledPayload('t', 1).name,
    ] as ToolErrorName[];
    expect(names).toEqual(['TimeoutError', 'AbortError', 'CallDenied', 'ToolDisabled']);
  });
});

describe('callTimeLimit', () => {
  type Limits = Required<Pick<CallOptions, 'timeoutMs' | 'defaultTimeoutMs' | 'fallbackTimeoutMs'>> & {
    tool: number;
    toolbox: number;
  };
  const order = ['timeoutMs', 'tool', 'defaultTimeoutMs', 'toolbox', 'fallbackTimeoutMs'] as const;
  const limit = fc.option(fc.oneof(fc.integer({ min: -5, max: 10_000 }), fc.constant(Infinity)), { nil: undefined });

  it('takes the most specific limit set: call, tool, caller default, Toolbox, caller fallback; 0 and Infinity count', () => {
    fc.assert(
      fc.property(
        fc.record({ timeoutMs: limit, tool: limit, defaultTimeoutMs: limit, toolbox: limit, fallbackTimeoutMs: limit }),
        (set) => {
          const given = set as Partial<Limits>;
          const options: CallOptions = {};
          if (given.timeoutMs !== undefined) options.timeoutMs = given.timeoutMs;
          if (given.defaultTimeoutMs !== undefined) options.defaultTimeoutMs = given.defaultTimeoutMs;
          if (given.fallbackTimeoutMs !== undefined) options.fallbackTimeoutMs = given.fallbackTimeoutMs;
          const first = order.find((key) => given[key] !== undefined);
          expect(callTimeLimit(options, given.tool, given.toolbox)).toBe(
            first === undefined ? undefined : given[first],
          );
        },
      ),
    );
    expect(callTimeLimit(undefined, undefined, undefined)).toBeUndefined();
    expect(callTimeLimit(undefined, undefined, 60_000)).toBe(60_000);
  });
});
