// The toolbox-call bench's tool, its two Toolboxes and the hand-written baseline (see toolbox-call.ts), in a module of
// their own: toolbox-call-ab.ts bundles it once per copy of core it compares.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { defineManifest, tool, Toolbox, type ObjectJsonSchema } from '@toolwright/core';
import { acceptSource, checkerSupport, validationSchema } from '@toolwright/core/validator-build';
import {
  duplicateItems,
  equal,
  fullFormats,
  lazyFormatTest,
  schemaChecker,
  ucs2length,
} from '@toolwright/core/validator-runtime';
import { linearRegExp } from '@toolwright/core/linear-regexp';

class Service {
  @tool()
  noop(city: string, days: number, metric: boolean, ratio: number, unit: 'c' | 'f'): boolean {
    return city.length > 0 && days >= 0 && metric !== undefined && ratio !== undefined && unit !== undefined;
  }
}

const parameters: ObjectJsonSchema = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    days: { type: 'integer', minimum: 0, maximum: 14 },
    metric: { type: 'boolean' },
    ratio: { type: 'number' },
    unit: { type: 'string', enum: ['c', 'f'] },
  },
  required: ['city', 'days', 'metric', 'ratio', 'unit'],
};

const manifest = defineManifest({
  version: 1,
  tools: [
    {
      name: 'noop',
      class: 'Service',
      method: 'noop',
      file: 'service.ts',
      target: () => Service,
      parameters,
      params: ['city', 'days', 'metric', 'ratio', 'unit'].map((name) => ({ name, kind: 'value' as const })),
    },
  ],
});

const service = new Service();
export const toolbox = new Toolbox([service], manifest);
// What gen-tools --validators writes for this schema: the schema checker (no format named, so none given) with the
// tool's accept test (the same source, made into a function here), the argument reader and the direct call.
if (!checkerSupport(parameters).supported) throw new Error('gen-tools --validators would use ajv here');
const written = acceptSource([validationSchema(parameters)], ['accept'], fullFormats);
const helpers = [...written.uses];
const given = { duplicateItems, equal, fullFormats, lazyFormatTest, linearRegExp, ucs2length };
const accept = new Function(...helpers, `${written.code}\nreturn accept;`)(...helpers.map((name) => given[name]));
const readers = {
  noop: (args: Record<string, unknown>) => [args.city, args.days, args.metric, args.ratio, args.unit],
};
const callers = {
  noop: (fn: (...args: unknown[]) => unknown, self: object, args: Record<string, unknown>) =>
    fn.call(self, args.city, args.days, args.metric, args.ratio, args.unit),
};
const validators = { noop: schemaChecker().accepting(accept) };
export const precompiledToolbox = new Toolbox([service], { ...manifest, validators, readers, callers });

// The baseline a careful user would write by hand.
const validate = new Ajv2020().compile(parameters);
export async function baseline(call: { id: string; name: string; args: Record<string, unknown> }) {
  const args = call.args;
  if (!validate(args))
    return {
      functionResponse: {
        id: call.id,
        name: call.name,
        response: { error: { message: 'invalid', errors: validate.errors } },
      },
    };
  const output = await service.noop(
    args.city as string,
    args.days as number,
    args.metric as boolean,
    args.ratio as number,
    args.unit as 'c' | 'f',
  );
  return { functionResponse: { id: call.id, name: call.name, response: { output } } };
}

export const call = {
  id: 'call-1',
  name: 'noop',
  args: { city: 'Boston, MA', days: 3, metric: true, ratio: 0.5, unit: 'c' },
};
