import { CharSet } from './char-set.js';

/**
 * A regular expression as a tree of character sets, sequences, alternatives and repeats: the form template literal
 * patterns are built in, so that gen can transform them (delimiter-free.ts) and write them without lookarounds.
 * `null` stands for the empty language (nothing matches); an empty sequence for the empty string.
 */
export type PatternTree =
  | { kind: 'set'; set: CharSet }
  | { kind: 'seq'; items: readonly PatternTree[] }
  | { kind: 'alt'; items: readonly PatternTree[] }
  | { kind: 'repeat'; item: PatternTree; min: 0 | 1; many: boolean };

export const EMPTY_STRING: PatternTree = { kind: 'seq', items: [] };

const isEmptyString = (tree: PatternTree) => tree.kind === 'seq' && tree.items.length === 0;

export function chars(set: CharSet): PatternTree | null {
  return set.empty ? null : { kind: 'set', set };
}

/** One after another; `x` followed by `x*` is `x+`. */
export function seq(...parts: readonly (PatternTree | null)[]): PatternTree | null {
  const items: PatternTree[] = [];
  for (const part of parts) {
    if (part === null) return null;
    for (const item of part.kind === 'seq' ? part.items : [part]) {
      const last = items[items.length - 1];
      if (last && isStarOf(item, last)) items[items.length - 1] = { kind: 'repeat', item: last, min: 1, many: true };
      else if (last && isStarOf(last, item)) items[items.length - 1] = { kind: 'repeat', item, min: 1, many: true };
      else items.push(item);
    }
  }
  return items.length === 1 ? items[0]! : { kind: 'seq', items };
}

function isStarOf(star: PatternTree, item: PatternTree): boolean {
  return star.kind === 'repeat' && star.min === 0 && star.many && renderPattern(star.item) === renderPattern(item);
}

/** Either; the empty string among them makes the rest optional. */
export function alt(...options: readonly (PatternTree | null)[]): PatternTree | null {
  const items = new Map<string, PatternTree>();
  let orEmpty = false;
  for (const option of options) {
    if (option === null) continue;
    for (const item of option.kind === 'alt' ? option.items : [option]) {
      if (isEmptyString(item)) orEmpty = true;
      else items.set(renderPattern(item), item);
    }
  }
  if (items.size === 0) return orEmpty ? EMPTY_STRING : null;
  const sets = [...items.values()].filter((item) => item.kind === 'set');
  const rest = [...items.values()].filter((item) => item.kind !== 'set');
  const merged =
    sets.length > 1 ? [chars(CharSet.union(...sets.map((item) => item.set)))!, ...rest] : [...sets, ...rest];
  const one = merged.length === 1 ? merged[0]! : { kind: 'alt' as const, items: merged };
  return orEmpty ? optional(one) : one;
}

export function optional(tree: PatternTree | null): PatternTree {
  if (tree === null || isEmptyString(tree)) return EMPTY_STRING;
  if (tree.kind === 'repeat') return tree.min === 0 ? tree : { ...tree, min: 0 };
  return { kind: 'repeat', item: tree, min: 0, many: false };
}

export function star(tree: PatternTree | null): PatternTree {
  if (tree === null || isEmptyString(tree)) return EMPTY_STRING;
  if (tree.kind === 'repeat') return { kind: 'repeat', item: tree.item, min: 0, many: true };
  return { kind: 'repeat', item: tree, min: 0, many: true };
}

export function plus(tree: PatternTree | null): PatternTree | null {
  if (tree === null || isEmptyString(tree)) return tree;
  if (tree.kind === 'repeat') return tree.min === 0 ? star(tree.item) : { ...tree, many: true };
  return { kind: 'repeat', item: tree, min: 1, many: true };
}

/** The pattern's source: alternatives in `(?:...)`, no lookaround, no backreference. */
export function renderPattern(tree: PatternTree | null): string {
  if (tree === null) return CharSet.EMPTY.toString();
  switch (tree.kind) {
    case 'set':
      return tree.set.toString();
    case 'seq':
      return tree.items.map(renderPattern).join('');
    case 'alt':
      return `(?:${tree.items.map(renderPattern).join('|')})`;
    case 'repeat': {
      const inner = renderPattern(tree.item);
      const atom = tree.item.kind === 'set' || tree.item.kind === 'alt' ? inner : `(?:${inner})`;
      return `${atom}${tree.many ? (tree.min === 0 ? '*' : '+') : '?'}`;
    }
  }
}
