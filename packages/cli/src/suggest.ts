// "Did you mean …": the closest candidates by edit distance (fastest-levenshtein), for paths and names.
import { distance } from 'fastest-levenshtein';

/** Up to `limit` candidates, closest first; `-`/`_` and case are treated alike, as users mix them. */
export function closest(input: string, candidates: readonly string[], limit = 3): string[] {
  const key = (s: string) => s.toLowerCase().replaceAll('_', '-');
  const target = key(input);
  return [...candidates]
    .map((candidate) => ({ candidate, d: distance(target, key(candidate)) }))
    .sort((a, b) => a.d - b.d || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map((r) => r.candidate);
}
