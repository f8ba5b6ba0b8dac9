// Seeded, stateless-by-key randomness: every value of the universe is f(seed, key), so record i of a list is
// computed without computing records 0..i-1, and the same seed always gives the same bytes.

/** 32-bit integer hash of two 32-bit values (murmur3 finaliser over a combined word). */
export function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** FNV-1a hash of a string, as a 32-bit unsigned integer. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Combines a seed with any number of keys (numbers up to 2^53 or strings) into one 32-bit key. */
export function key(seed: number, ...parts: (number | string)[]): number {
  let h = seed >>> 0;
  for (const part of parts) {
    if (typeof part === 'string') h = mix(h, hashString(part));
    else {
      h = mix(h, part >>> 0);
      if (part > 0xffffffff || part < 0) h = mix(h, Math.floor(part / 4294967296) >>> 0);
    }
  }
  return h;
}

/** A small fast PRNG (mulberry32) seeded by a 32-bit key. */
export class Rng {
  private state: number;
  constructor(seedKey: number) {
    this.state = seedKey >>> 0;
  }
  /** Uniform 32-bit unsigned integer. */
  u32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / 4294967296;
  }
  /** Uniform integer in [min, max] (both included). */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }
  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + this.float() * (max - min);
  }
  chance(p: number): boolean {
    return this.float() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)] as T;
  }
  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.float() * total;
    for (const [value, w] of items) {
      r -= w;
      if (r < 0) return value;
    }
    return (items[items.length - 1] as readonly [T, number])[0];
  }
  /** A Fisher–Yates shuffle of a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.float() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}

export function rngFor(seed: number, ...parts: (number | string)[]): Rng {
  return new Rng(key(seed, ...parts));
}

/** A deterministic value in [0, 1) for a key, without an Rng object. */
export function unit(k: number): number {
  return mix(k, 0x27d4eb2d) / 4294967296;
}
