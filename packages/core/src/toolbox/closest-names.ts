/**
 * A wanted name longer than this is compared with nothing: it is no slip of a real name, and the cost stays bounded.
 */
const MAX_COMPARED_LENGTH = 256;

/**
 * The valid names closest to a misspelled one, best first: by edit distance (case-insensitive, with adjacent
 * transpositions) within a third of the name's length, and names that contain the other as a part. The work is
 * bounded whatever the model sent: a name over 256 characters has no close names, and the distance is computed only
 * for names whose length is within the tolerance.
 */
export function closestNames(wanted: string, names: Iterable<string>, limit = 3): string[] {
  if (wanted.length > MAX_COMPARED_LENGTH) return [];
  const target = wanted.toLowerCase();
  const scored: { name: string; score: number }[] = [];
  for (const name of names) {
    const candidate = name.toLowerCase();
    const tolerance = Math.max(2, Math.ceil(Math.max(target.length, candidate.length) / 3));
    const contains = target.length >= 3 && (candidate.includes(target) || target.includes(candidate));
    // The distance is at least the difference in length.
    const near = Math.abs(target.length - candidate.length) <= tolerance;
    if (!near && !contains) continue;
    const distance = near ? editDistance(target, candidate) : Infinity;
    if (distance <= tolerance || contains)
      scored.push({ name, score: contains ? Math.min(distance, tolerance) : distance });
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, limit).map((entry) => entry.name);
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps cost 1. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let beforePrevious = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, beforePrevious[j - 2]! + 1);
      current[j] = best;
    }
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return previous[b.length]!;
}
