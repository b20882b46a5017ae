/** An error as ajv reports it with `verbose: true`: the Toolbox's issue descriptions read every field. */
export interface CheckError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
  schema: unknown;
  parentSchema: unknown;
  data: unknown;
}

/**
 * The state of one validation: the errors so far and where in the data it is. The path is a stack of segments
 * (escaped as JSON Pointer tokens), joined only when an error is reported, so valid data pays no string work.
 */
export class CheckRun {
  readonly errors: CheckError[] = [];
  readonly path: (string | number)[] = [];

  instancePath(): string {
    let path = '';
    for (const segment of this.path) path += `/${segment}`;
    return path;
  }

  fail(
    schemaPath: string,
    keyword: string,
    params: Record<string, unknown>,
    message: string,
    schema: unknown,
    parentSchema: unknown,
    data: unknown,
  ): void {
    const instancePath = this.instancePath();
    this.errors.push({ instancePath, schemaPath, keyword, params, message, schema, parentSchema, data });
  }
}

/** Checks one value against one compiled schema node, adding what is wrong to the run; valid when it adds nothing. */
export type Check = (data: unknown, run: CheckRun) => void;

/** A JSON Pointer token, as ajv writes data paths: `~` as `~0`, `/` as `~1`. */
export function pointerToken(name: string): string {
  return name.includes('~') || name.includes('/') ? name.replace(/~/g, '~0').replace(/\//g, '~1') : name;
}

/** A schema path segment, as ajv writes one: a pointer token, URI-encoded. */
export function schemaPathSegment(name: string | number): string {
  return encodeURIComponent(pointerToken(String(name)));
}

/** A schema the checker cannot check exactly as ajv would: the caller falls back to ajv. */
export class UnsupportedSchemaError extends Error {
  constructor(schemaPath: string, why: string) {
    super(`at ${schemaPath}: ${why}`);
    this.name = 'UnsupportedSchemaError';
  }
}

/** The schema a local `$ref` (`#/...`, a JSON Pointer) points at. */
export function resolvePointer(root: unknown, ref: string, schemaPath: string): unknown {
  if (!ref.startsWith('#/'))
    throw new UnsupportedSchemaError(schemaPath, `$ref ${ref} is not a pointer into this schema`);
  let node = root;
  for (const token of ref.slice(2).split('/')) {
    const name = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, name)) {
      throw new UnsupportedSchemaError(schemaPath, `$ref ${ref} points at nothing`);
    }
    node = (node as Record<string, unknown>)[name];
  }
  return node;
}
