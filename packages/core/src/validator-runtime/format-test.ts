/**
 * The test of format `name` for values of JSON type `type`, as ajv applies it, or null where ajv checks nothing: a
 * format it does not know (strict mode off), or one for values of the other type (ajv-formats' int32, float, ... are
 * for numbers; the rest for strings). Throws for a format no synchronous test can check.
 */
export function formatTest(
  formats: Readonly<Record<string, unknown>>,
  name: string,
  type: 'number' | 'string',
): ((value: unknown) => boolean) | null {
  const definition = Object.hasOwn(formats, name) ? formats[name] : undefined;
  if (definition === undefined || definition === true) return null;
  let test: unknown = definition;
  let formatType = 'string';
  if (typeof definition === 'object' && definition !== null && !(definition instanceof RegExp)) {
    const described = definition as { type?: string; validate?: unknown; async?: boolean };
    if (described.async) throw new Error(`format "${name}" is asynchronous`);
    formatType = described.type ?? 'string';
    test = described.validate;
  }
  if (formatType !== type) return null;
  if (test instanceof RegExp) return (value) => test.test(value as string);
  if (typeof test === 'function') return test as (value: unknown) => boolean;
  throw new Error(`format "${name}" has no test`);
}

/**
 * The test of format `name` for values of JSON type `type`, looked up on the first value it tests (a format not
 * checked there passes every value): what the validators module of `gen-tools --validators` holds per format, so that
 * importing it reads no format (see formats.ts).
 */
export function lazyFormatTest(
  formats: Readonly<Record<string, unknown>>,
  name: string,
  type: 'number' | 'string',
): (value: unknown) => boolean {
  let test: ((value: unknown) => boolean) | undefined;
  return (value) => (test ??= formatTest(formats, name, type) ?? acceptAll)(value);
}

function acceptAll(): boolean {
  return true;
}
