/** Something a user may name: a monitor, a team, a group, a subcommand. */
export interface Named {
  id: string;
  name: string;
}

/**
 * The candidates a user most likely meant by `query`, best first, for "unknown monitor, did you mean…".
 * Case-insensitive. An exact id or name comes first, then names that contain the query (the shorter the
 * name, the closer), then names within a small edit distance (Damerau-Levenshtein, optimal string alignment)
 * of the query or of one of their words. Candidates too far from the query are left out: suggesting
 * unrelated monitors at 3 a.m. is worse than suggesting none. Pure and total.
 */
export function closestMatches<T extends Named>(query: string, candidates: readonly T[], limit = 3): T[] {
  const q = query.trim().toLowerCase();
  if (q === "" || limit <= 0) return [];
  // The smaller the query, the fewer typos it can carry before it means something else.
  const maxDistance = Math.max(1, Math.floor(q.length / 3));
  const scored: { candidate: T; score: number; name: string }[] = [];
  for (const candidate of candidates) {
    const name = candidate.name.toLowerCase();
    const score = matchScore(q, name, candidate.id.toLowerCase(), maxDistance);
    if (score !== null) scored.push({ candidate, score, name });
  }
  scored.sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return scored.slice(0, limit).map((s) => s.candidate);
}

// Lower is better: 0 exact, [1, 2) substring (shorter names first), [2, ...) by edit distance.
function matchScore(q: string, name: string, id: string, maxDistance: number): number | null {
  if (q === id || q === name) return 0;
  if (name.includes(q)) return 1 + (1 - q.length / name.length) * 0.5 + (name.indexOf(q) === 0 ? 0 : 0.4);
  let best = editDistance(q, name, maxDistance);
  for (const word of name.split(/[\s\-_./:]+/)) {
    if (word !== "") best = Math.min(best, editDistance(q, word, maxDistance));
  }
  return best <= maxDistance ? 2 + best : null;
}

/**
 * Damerau-Levenshtein distance (optimal string alignment: adjacent transpositions count 1), in UTF-16 code
 * units. Returns `cap + 1` as soon as the distance is known to exceed `cap`, which keeps long names cheap.
 */
export function editDistance(a: string, b: string, cap = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prevPrev = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, current[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, prevPrev[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > cap) return cap + 1;
    [prevPrev, prev, current] = [prev, current, prevPrev];
  }
  return prev[b.length]!;
}
