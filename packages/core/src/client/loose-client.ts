// A document client seen through a loosely typed GET and `pages`: for the command line and the MCP server, which
// take an operation's path and parameters at run time, where the per-path signatures cannot help. Each checks
// the operation against the spec before it calls, and the client checks the parameters again. Types only: a
// document client already is this at run time, so a caller casts it once (`client as LooseClient`).
import type { Page, PaginateOptions } from '../paging/paginate.js';

/** A call's parameters by location, values checked at run time. */
export interface LooseParams {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
}

/** What a non-throwing GET answers (openapi-fetch's result, untyped). */
export interface LooseResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** One answer of a paginated list, its items untyped. */
export type LoosePage = Page<unknown>;

export interface LooseClient {
  GET(path: string, init: { params: LooseParams; signal?: AbortSignal }): Promise<LooseResult>;
  pages(
    path: string,
    init: { params: LooseParams; signal?: AbortSignal } & PaginateOptions,
  ): AsyncIterableIterator<LoosePage>;
}
