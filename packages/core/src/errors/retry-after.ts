// `Retry-After` is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). Shared by the retry loop (how long to
// wait) and RateLimitedError (what to tell the caller).

/**
 * Milliseconds to wait, or undefined when the header is absent, unreadable or negative: then the normal backoff
 * applies. Only an HTTP date (it names its month) is read as a date: `Date.parse` alone reads `-5` or `1` as a
 * year long past, which would mean "retry at once". A real date in the past means 0, as RFC 9110 says.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!HTTP_DATE.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** IMF-fixdate, RFC 850 and asctime forms all name the month (RFC 9110 §5.6.7). */
const HTTP_DATE = /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/i;
