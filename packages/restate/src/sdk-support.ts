import * as restate from '@restatedev/restate-sdk';

/** The Node major a Restate SDK of 1.15 or later needs. */
const NODE_FOR_NEW_SDK = 22;

/**
 * Refuses an `@restatedev/restate-sdk` that cannot run on this Node. From 1.15 on, the SDK calls
 * `Promise.withResolvers` (Node 22 and later) for every journal promise: on Node 20 every invocation then fails
 * inside the SDK, Restate retries it for ever, and the caller waits with no answer. Such an SDK is known by
 * `PauseError`, which it exports from the same release on.
 */
export function checkSdkRuns(nodeVersion = process.versions.node, sdk: object = restate): void {
  const major = Number(nodeVersion.split('.')[0]);
  if (major >= NODE_FOR_NEW_SDK || !('PauseError' in sdk)) return;
  throw new Error(
    `@toolwright/restate: the installed @restatedev/restate-sdk (1.15 or later) needs Node ${NODE_FOR_NEW_SDK} or ` +
      `later, and this is Node ${nodeVersion}: every invocation would fail inside the SDK and be retried for ever. ` +
      'On Node 20 install @restatedev/restate-sdk@1.14.5; on Node 22 and 24 every 1.x from 1.14.5 on works.',
  );
}
