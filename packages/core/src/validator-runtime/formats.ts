import { loadFormats } from './formats-loader.cjs';

/** The names of ajv-formats' `fullFormats`, in its order (a test checks that they are all of them). */
const FORMAT_NAMES = [
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
  'password',
  'binary',
] as const;

/**
 * ajv-formats' `fullFormats`, each read from ajv-formats when first read here: evaluating its module (a few dozen
 * regular expressions and functions) cost a cold start about 3 M instructions, which an app whose first calls name
 * no format need not pay. Pure, so that a bundle whose validators name no format leaves ajv-formats out.
 */
export const fullFormats: Readonly<Record<string, unknown>> = /* @__PURE__ */ formatsOnFirstRead();

function formatsOnFirstRead(): Readonly<Record<string, unknown>> {
  let loaded: Record<string, unknown> | undefined;
  const formats: Record<string, unknown> = {};
  for (const name of FORMAT_NAMES) {
    Object.defineProperty(formats, name, { enumerable: true, get: () => (loaded ??= loadFormats())[name] });
  }
  return Object.freeze(formats);
}
