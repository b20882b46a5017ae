import * as formatsModule from 'ajv-formats/dist/formats.js';

type FormatsModule = { fullFormats?: unknown; default?: { fullFormats?: unknown } };

/** Pure, so that a bundle whose validators name no format leaves ajv-formats out (see scripts/build.mjs). */
export const fullFormats = /* @__PURE__ */ fullFormatsOf(formatsModule as FormatsModule);

function fullFormatsOf(module: FormatsModule): Record<string, unknown> {
  return (module.fullFormats ?? module.default?.fullFormats) as Record<string, unknown>;
}
