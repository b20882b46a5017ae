import type { NameStyle } from '../options.js';

export function styleName(name: string, style: NameStyle): string {
  return style === 'snake' ? toSnakeCase(name) : name;
}

/**
 * camelCase and PascalCase to snake_case. Runs of capitals stay one word (`getHTTPStatus` -> `get_http_status`),
 * digits stay with the word before them (`toV2Format` -> `to_v2_format`), existing underscores are kept.
 */
export function toSnakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}
