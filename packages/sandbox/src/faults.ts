// Optional fault injection (--latency, --fail-rate): a delay before each answer, and a share of answers replaced
// by 429 (with Retry-After) or a 5xx, drawn from a seeded sequence so a run can be replayed.
import { key, Rng } from './rng.js';

export interface FaultOptions {
  /** Fixed delay in ms, or [min, max] for a uniform delay. */
  latencyMs?: number | [number, number];
  /** Share of requests (0–1) that fail with 429, 500, 502 or 503. */
  failRate?: number;
}

export interface Fault {
  delayMs: number;
  fail?: { status: number; retryAfter?: number };
}

export class Faults {
  private readonly rng: Rng;
  constructor(
    private readonly options: FaultOptions,
    seed: number,
  ) {
    this.rng = new Rng(key(seed, 'faults'));
  }

  get active(): boolean {
    return Boolean(this.options.latencyMs) || Boolean(this.options.failRate);
  }

  next(): Fault {
    const latency = this.options.latencyMs;
    const delayMs = Array.isArray(latency) ? this.rng.int(latency[0], latency[1]) : (latency ?? 0);
    const rate = this.options.failRate ?? 0;
    if (rate > 0 && this.rng.float() < rate) {
      const status = this.rng.weighted([
        [429, 50],
        [503, 25],
        [500, 15],
        [502, 10],
      ] as const);
      return {
        delayMs,
        fail: status === 429 || status === 503 ? { status, retryAfter: status === 429 ? 1 : 2 } : { status },
      };
    }
    return { delayMs };
  }
}
