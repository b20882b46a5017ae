/**
 * Problem messages worded as the Gemini API words them. Each one names the field path, written as the API writes it
 * (proto names in snake_case, list indexes in brackets; map keys such as property names in brackets too).
 */

/** A field the API's proto does not have. */
export function unknownField(name: string, path: string): string {
  const at = path ? ` at '${path}'` : '';
  return `Invalid JSON payload received. Unknown name "${name}"${at}: Cannot find field.`;
}

/** A list given where the proto has a single value (e.g. a type array). */
export function notRepeating(name: string, path: string): string {
  const at = path ? ` at '${path}'` : '';
  return `Invalid JSON payload received. Unknown name "${name}"${at}: Proto field is not repeating, cannot start list.`;
}

/** A value of the wrong kind for its proto type. */
export function invalidValue(path: string, protoType: string, value: unknown): string {
  return `Invalid value at '${path}' (${protoType}), ${preview(value)}`;
}

/** A semantic rule broken at a field, in the API's "* GenerateContentRequest.<path>: <text>" form. */
export function violation(path: string, text: string): string {
  return `* GenerateContentRequest.${path}: ${text}`;
}

/** Appends a path to a list (`tools[0]`) or a field (`tools[0].function_declarations`). */
export function at(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
