// `Retry-After` is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). Shared by the retry loop (how long to
// wait) and RateLimitedError (what to tell the caller).

/** Milliseconds to wait, or undefined when the header is absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
