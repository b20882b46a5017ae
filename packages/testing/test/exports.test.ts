// The values exported are a fixed list. Replies are built one way, through the `reply` namespace: the package
// exports no generic top-level names (`text`, `error`, `delay`, ...) that would clash with a user's own.
import { describe, expect, it } from 'vitest';
import * as testing from '../src/index.js';

const builders = [
  'text',
  'content',
  'functionCall',
  'functionCalls',
  'finish',
  'malformedFunctionCall',
  'error',
  'rateLimited',
  'serverError',
  'unavailable',
  'disconnect',
  'delay',
  'withUsage',
  'withStream',
];

/** Every value the package exports, each on purpose (a new one is added here, and to the README, on purpose too). */
const values = [
  'startFakeGemini',
  'reply',
  'ScriptExhaustedError',
  'openApiSchemaProblems',
  'parametersProblems',
  'functionNameProblems',
  'parameterNameProblems',
  'functionDeclarationProblems',
  'toolsProblems',
  'toolConfigProblems',
  'contentsProblems',
  'contentProblems',
  'partProblems',
  'functionTurnProblems',
  'thoughtSignatureProblems',
  'ThoughtSignatureLedger',
  'modelCapabilityProblems',
  'requestProblems',
];

describe('the public names of @toolwright/testing', () => {
  it('exports these values and no others', () => {
    expect(Object.keys(testing).sort()).toEqual([...values].sort());
  });

  it('builds replies only through `reply`', () => {
    expect(Object.keys(testing.reply).sort()).toEqual([...builders].sort());
    expect(builders.filter((name) => name in testing)).toEqual([]);
    expect(Object.isFrozen(testing.reply)).toBe(true);
  });

  it('reply builders work as methods and as detached functions', () => {
    const { text } = testing.reply;
    expect(text('hi')).toEqual(testing.reply.text('hi'));
    expect(testing.reply.delay(5, testing.reply.functionCall('f', { a: 1 }))).toMatchObject({
      kind: 'content',
      delayMs: 5,
    });
  });
});
