import type { JsonSchema } from '../json-schema.js';
import { count, describeExpected } from './validation.js';

const COMPARISONS: Record<string, string> = { '>=': 'at least', '>': 'more than', '<=': 'at most', '<': 'fewer than' };

/**
 * A Standard Schema issue message (zod's "Too small: expected string to have >=2 characters", valibot's
 * "Invalid type: Expected string but received 1") as the `expected` part of an issue, phrased like the Toolbox's own
 * ("string of at least 2 characters"), so that "expected ..., received ..." reads as a sentence. `schema` is the
 * declared schema at the issue's path, where known: it names what a bare "Invalid input" (a union) needed.
 * A message in no known shape is kept as it is.
 */
export function expectedFromIssue(message: string, schema: JsonSchema | undefined): string {
  let match = /^Too (?:small|big): expected (\w+) to have ([<>]=?)\s*(\d+(?:\.\d+)?) (\w+)$/.exec(message);
  if (match) {
    const [, type, comparison, limit, unit] = match as unknown as [string, string, string, string, string];
    return `${typeWord(type, schema)} of ${COMPARISONS[comparison]} ${count(limit, singular(unit), unit)}`;
  }
  match = /^Too (?:small|big): expected (\w+) to be ([<>]=?)\s*(.+)$/.exec(message);
  if (match) return `${typeWord(match[1]!, schema)} ${match[2]} ${match[3]}`;
  match = /^Invalid option: expected one of (.+)$/.exec(message);
  if (match) return `one of ${match[1]!.split('|').join(', ')}`;
  match = /^Invalid discriminator value\. Expected (.+)$/i.exec(message);
  if (match) {
    const values = match[1]!.split(/\s*\|\s*/).map((value) => value.replace(/^'(.*)'$/, '"$1"'));
    return `one of ${values.join(', ')}`;
  }
  match = /^Invalid (\w+): must (?:be )?(.+)$/.exec(message);
  if (match) return mustPhrase(match[1]!, match[2]!);
  match = /^[^:]+: expected (.+?)(?:,| but) received .*$/i.exec(message);
  match ??= /^Invalid input: expected (.+)$/.exec(message);
  if (match) return typeWord(match[1]!, schema);
  if (message === 'Invalid input') {
    return schema ? describeExpected(schema) : 'a value matching one of the alternatives';
  }
  match = /^Invalid (.+)$/.exec(message);
  if (match) return `a valid ${match[1]}`;
  return message;
}

/** zod says `int` for an integer, and `number` for a bound on one: the declared schema knows which. */
function typeWord(word: string, schema: JsonSchema | undefined): string {
  if (word === 'int') return 'integer';
  if (word === 'number' && schema?.type === 'integer') return 'integer';
  return word;
}

function singular(unit: string): string {
  if (unit.endsWith('ies')) return `${unit.slice(0, -3)}y`;
  return unit.endsWith('s') ? unit.slice(0, -1) : unit;
}

function mustPhrase(type: string, rule: string): string {
  let match = /^a multiple of (.+)$/.exec(rule);
  if (match) return `multiple of ${match[1]}`;
  match = /^match pattern (.+)$/.exec(rule);
  if (match) return `${type} matching ${match[1]}`;
  match = /^(start|end) with (.+)$/.exec(rule);
  if (match) return `${type} ${match[1]}ing with ${match[2]}`;
  match = /^include (.+)$/.exec(rule);
  if (match) return `${type} including ${match[1]}`;
  return `${type} that is ${rule}`;
}

/** The declared schema at a path of the arguments (properties and array items only), or undefined. */
export function schemaAt(root: JsonSchema, segments: readonly string[]): JsonSchema | undefined {
  let current: JsonSchema | undefined = root;
  for (const segment of segments) {
    if (!current || typeof current !== 'object') return undefined;
    if (current.properties && Object.hasOwn(current.properties, segment)) current = current.properties[segment];
    else if (/^\d+$/.test(segment) && current.prefixItems?.[Number(segment)]) {
      current = current.prefixItems[Number(segment)];
    } else if (/^\d+$/.test(segment) && typeof current.items === 'object') current = current.items;
    else return undefined;
  }
  return current;
}
