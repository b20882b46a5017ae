import * as formatsModule from 'ajv-formats/dist/formats.js';

type FormatsModule = { fullFormats?: unknown; default?: { fullFormats?: unknown } };

export const fullFormats = ((formatsModule as FormatsModule).fullFormats ??
  (formatsModule as FormatsModule).default?.fullFormats) as Record<string, unknown>;
