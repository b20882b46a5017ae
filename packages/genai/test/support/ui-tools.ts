import { defineTool, Toolbox } from '@toolwright/core';

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
