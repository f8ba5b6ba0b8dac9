// A call's state, from the call's method (call-methods.ts) to the client's fetch (send.ts) and the pipeline: it
// rides on the Request under an init key, which openapi-fetch copies onto the Request it builds.

import type { BodyMode } from '../body/body.js';
import type { RetryOptions } from '../transport/retry.js';
import type { CallAbort } from '../transport/signals.js';
import type { ExtraQueryValue } from './call-types.js';

/** Init key under which a call's state rides on its Request (openapi-fetch copies unknown init keys onto it). */
export const CALL = 'assocFeedCall';

/**
 * Init key under which core's own callers (the paginator) pass the operation they already found in the meta, so
 * a call reads the meta once. Never sent: the call's method takes it out of the init.
 */
export const KNOWN_OPERATION = Symbol('assocFeedKnownOperation');

export interface CallState {
  /** Aborts at the call's deadline or on the caller's abort. */
  abort: CallAbort;
  /** The call's own retry options (`init.retry`), merged over the client's. */
  retry?: RetryOptions;
  /** The call's `init.extraQuery`: sent, never checked. */
  extraQuery?: Record<string, ExtraQueryValue>;
  /** The Request openapi-fetch built, for the path a TimeoutError names. */
  request?: Request;
  /** `METHOD /schema/path`, when the document knows the operation (what the response reader names). */
  operation?: string | undefined;
  /** Whether the call carries flow A's headers: every operation but those documented otherwise. */
  flowA: boolean;
  /** How the pipeline reads a 2xx body (the caller's parseAs); absent for a stream, which the caller reads. */
  read?: BodyMode | undefined;
  /** The body the pipeline read. */
  data?: unknown;
  /** The caller reads a stream (parseAs: 'stream'): the pipeline bounds it instead of reading it. */
  stream?: boolean;
  /** Parses the 2xx JSON body (numbers: 'exact', validateResponses): the pipeline calls it. */
  parse?: ((text: string, status: number) => Promise<unknown>) | undefined;
}

export function callOf(request: Request): CallState | undefined {
  return (request as Request & { [CALL]?: CallState })[CALL];
}
