// V7 answers at most five years a query. This reads any longer period as consecutive windows, in order, so a
// caller asks for 2010–2025 once and gets every day once.
import { type DocumentClient, NotFoundError, toFeedError } from '@assoc-feed/core';
import type { paths } from './generated/schema.js';
import { type HistoryRange, planHistoryWindows, resolveHistoryRange, V7_PATH } from './history-window.js';

const V7 = V7_PATH;
type HistoryRecord = paths[typeof V7]['get']['responses'][200]['content']['application/json'][number];

export interface HistoryFetchOptions {
  /** `data-inicio`, YYYY-MM-DD. Absent: the service's own rules decide (see resolveHistoryRange). */
  start?: string;
  /** `data-fim`, YYYY-MM-DD. */
  end?: string;
  signal?: AbortSignal;
  /** Called before each window is requested: progress for long ranges. */
  onWindow?: (window: HistoryRange, index: number, count: number) => void;
  /** "Today" for the no-dates rule (default: today in Brasília). */
  today?: string;
}

/**
 * Every daily record of one structured fund over `start`..`end`, whatever the length: the period is resolved
 * by the V7 rules, split into windows of at most five years, and fetched window by window in date order.
 * A window answered 404 has no data (a fund younger than the range's start): it adds no record. When every
 * window answers 404 the fund itself is unknown, and that NotFoundError is thrown. Any other failure throws its
 * typed FeedError at once (no partial answer passes for a whole one).
 */
export async function* fetchStructuredFundHistory(
  /** A document 2 client, throwing or not (only its GET is used). */
  client: Pick<DocumentClient<paths, boolean>, 'GET'>,
  cnpj: string,
  options: HistoryFetchOptions = {},
): AsyncGenerator<HistoryRecord, void, undefined> {
  const range = resolveHistoryRange({ 'data-inicio': options.start, 'data-fim': options.end }, options.today);
  const windows = planHistoryWindows(range);
  let notFound: NotFoundError | undefined;
  let answered = false;
  for (const [index, window] of windows.entries()) {
    options.onWindow?.(window, index, windows.length);
    let records: HistoryRecord[];
    try {
      const result = await client.GET(V7, {
        params: { path: { CNPJ: cnpj }, query: { 'data-inicio': window.start, 'data-fim': window.end } },
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (!result.response.ok) throw toFeedError(result);
      records = result.data ?? [];
    } catch (error) {
      // Thrown by a throwing-mode client, or above: either way a 404 is one empty window.
      if (!(error instanceof NotFoundError)) throw error;
      notFound = error;
      continue;
    }
    answered = true;
    yield* records;
  }
  if (!answered && notFound) throw notFound;
}
