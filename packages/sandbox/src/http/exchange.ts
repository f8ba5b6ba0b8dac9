// What the pipeline reads from a request and writes as an answer, apart from any transport: the Node server
// (start-sandbox.ts) and the fetch-style adapter (fetch-adapter.ts, for MSW and browsers) both translate to and
// from these, so the sandbox's behaviour lives in one place (request-pipeline.ts).

/** Header names in lower case, as Node's IncomingMessage and the Fetch API's Headers give them. */
export type RequestHeaders = Record<string, string | string[] | undefined>;

export interface SandboxRequest {
  method: string;
  /** The request target: path and query (`/feed/fundos/v2/fundos?page=1`). */
  target: string;
  headers: RequestHeaders;
  /** Reads the body, refusing one above `limit` bytes with BodyTooLarge. Called at most once. */
  body: (limit: number) => Promise<Uint8Array>;
  /**
   * Lets go of a body that will not be read: nothing to do when there is none; else a Node socket closes after the
   * answer rather than read the rest (it could only be reused once read to its end).
   */
  discard: () => void;
  /** Whether the client has hung up (a Node socket destroyed); a fetch-style request has no such state. */
  clientGone?: () => boolean;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  /** Empty for 204. */
  body: Uint8Array;
}

export class BodyTooLarge extends Error {}

/** How long a client has to send its whole request, however it reaches the sandbox (a port or a fetch). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The request (its body) did not arrive within the request timeout: answered 408. */
export class RequestTimedOut extends Error {}

export const REQUEST_TIMEOUT_ANSWER = {
  status: 408,
  reason: 'Request Timeout',
  error: 'request timeout',
  message: 'The request (its headers, or the whole of it) did not arrive in time; send it again.',
} as const;

/** The client closed or reset the connection before the body was complete: not a fault of the sandbox. */
export class ClientGone extends Error {}

/** The first value of a header. */
export function header(headers: RequestHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}
