// Records built once, kept as their JSON: a record is a pure function of the seed and its key (entity,
// operation, reference day), so a second request for it costs a map lookup instead of the schema generator, the
// formatting of its dates and the JSON encoding. Bounded by size: two generations, each up to half the bound;
// when the young one is full the old one is dropped and the young one becomes old, and an old entry used again
// moves back to the young one. So what is in use stays, a universe of 5,000,000 funds holds no more than one of
// 7,231, and a hit costs one Map lookup (no reordering).
import { encodeJson, RawJson } from './raw-json.js';

/** Default bound of one sandbox's record cache, in characters of JSON (about bytes: the text is mostly ASCII). */
export const DEFAULT_CACHE_BYTES = 48 * 1024 * 1024;

export class JsonCache {
  private young = new Map<string, RawJson>();
  private old = new Map<string, RawJson>();
  private youngSize = 0;
  private oldSize = 0;

  constructor(readonly maxBytes: number = DEFAULT_CACHE_BYTES) {}

  /** The JSON of `key`'s value, made by `make` (and kept) when it is not cached. */
  get(key: string, make: () => unknown): RawJson {
    const hit = this.young.get(key);
    if (hit) return hit;
    const kept = this.old.get(key);
    if (kept) {
      this.old.delete(key);
      this.oldSize -= kept.text.length + key.length;
      this.keep(key, kept);
      return kept;
    }
    // encodeJson: the text the uncached answer would have, cached records inside placed as their text (not
    // parsed and encoded again), and full-scale decimals (generate/full-scale.ts) kept as raw digits.
    const raw = new RawJson(encodeJson(make()));
    this.keep(key, raw);
    return raw;
  }

  private keep(key: string, raw: RawJson): void {
    const size = raw.text.length + key.length;
    const half = this.maxBytes / 2;
    if (size > half) return;
    if (this.youngSize + size > half) {
      this.old = this.young;
      this.oldSize = this.youngSize;
      this.young = new Map();
      this.youngSize = 0;
    }
    this.young.set(key, raw);
    this.youngSize += size;
  }

  /** Entries and characters held. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.young.size + this.old.size, bytes: this.youngSize + this.oldSize };
  }
}
