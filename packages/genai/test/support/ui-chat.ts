import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineTool, Toolbox } from '@toolwright/core';
import { afterEach } from 'vitest';

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

/**
 * A chat route on a plain Node server, closed after the test: each POST's body, read whole, goes to `answer` with
 * the response to write. Resolves with the route's URL.
 */
export async function chatRoute(answer: (body: string, response: ServerResponse) => unknown): Promise<string> {
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    await answer(body, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/chat`;
}

/** The UI stream tests' tools: one that answers, one that always fails. */
export const weatherAndExplode = new Toolbox([
  defineTool({
    name: 'getWeather',
    description: 'Weather of a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    handler: ({ city }: { city: string }) => ({ city, sky: 'clear' }),
  }),
  defineTool({
    name: 'explode',
    description: 'Always fails.',
    parameters: { type: 'object', properties: {} },
    handler: () => {
      throw new Error('the station is on fire');
    },
  }),
]);

/** A tool that takes 5 s, then tells `finished` whether its run was still going (not aborted). */
export function slowTool(finished: (stillRunning: boolean) => void): Toolbox {
  return new Toolbox([
    defineTool({
      name: 'slow',
      description: 'Takes a while.',
      parameters: { type: 'object', properties: {} },
      handler: async (_args, context) => {
        await new Promise((resolve) => setTimeout(resolve, 5_000).unref?.());
        finished(!context.signal.aborted);
        return 'done';
      },
    }),
  ]);
}
