// Calendar dates as YYYY-MM-DD strings, computed in UTC so no time zone shifts a day.
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseDate(text: string): Date {
  const match = datePattern.exec(text);
  const date = match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    : undefined;
  if (!date || date.toISOString().slice(0, 10) !== text) {
    throw new RangeError(`"${text}" is not a calendar date: write YYYY-MM-DD, e.g. 2024-02-29`);
  }
  return date;
}

export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(text: string, days: number): string {
  const date = parseDate(text);
  date.setUTCDate(date.getUTCDate() + days);
  return formatDate(date);
}

/** Adds calendar months; a day that does not exist in the target month becomes its last day (Feb 29 → Feb 28). */
export function addMonths(text: string, months: number): string {
  const date = parseDate(text);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return formatDate(date);
}

export function todayInBrasilia(now: Date = new Date()): string {
  // The service's dates are Brasília dates; en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
}
