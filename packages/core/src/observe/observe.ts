// What a client lets its user see: every request it sends (feed calls and token requests, each attempt), the
// answer's status and time, each retry and why, each token renewal and why. Hooks receive these as events; a
// logger (the `logger` option, or FEED_LOG=debug|info|warn|error for one on stderr) receives them as lines. An
// event names method, path and query, status and times, never a header, a secret or a token.
//
// Nothing here runs unless asked for: without hooks or a logger the client's fetch is the user's fetch, unwrapped,
// so the per-call path costs nothing (see the client-overhead benchmark).

import { readEnv } from '../environments/env.js';
import { ConfigurationError } from '../errors/errors.js';
import { type FetchFn, pathOf } from '../transport/http.js';

export interface RequestEvent {
  method: string;
  /** Path and query. */
  path: string;
  /** True for a token request (flow A), false for a feed call. */
  token: boolean;
}

export interface ResponseEvent extends RequestEvent {
  /** Absent when the attempt failed without an answer (then `error` says why). */
  status?: number;
  /** Time from sending to the answer's headers, in ms. */
  ms: number;
  /** Why no answer came (DNS, refused connection, abort), without secrets. */
  error?: string;
}

export interface RetryEvent {
  method: string;
  path: string;
  /** 1 for the first retry. */
  retry: number;
  /** Retries allowed in all. */
  maxRetries: number;
  /** The wait before it (backoff or Retry-After), in ms. */
  delayMs: number;
  /** The answer that is retried, or absent when there was none (then `error`). */
  status?: number;
  error?: string;
}

export interface TokenEvent {
  /** `first`: first use; `expiring`: renewed before expiry; `refused`: a call was answered 401 with it. */
  reason: 'first' | 'expiring' | 'refused';
  /** When the new token expires (epoch ms). */
  expiresAt: number;
}

/** Observers of what the client sends and receives. A hook that throws is ignored: hooks watch, never steer. */
export interface ClientHooks {
  onRequest?: (event: RequestEvent) => void;
  onResponse?: (event: ResponseEvent) => void;
  onRetry?: (event: RetryEvent) => void;
  onToken?: (event: TokenEvent) => void;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** `console` fits, and so do pino, winston and most loggers: a message, then the event as fields. */
export interface Logger {
  debug(message: string, fields?: object): void;
  info(message: string, fields?: object): void;
  warn(message: string, fields?: object): void;
  error(message: string, fields?: object): void;
}

export interface ObserveOptions {
  hooks?: ClientHooks | undefined;
  /** Receives request lines (debug), token renewals (info) and retries (warn). */
  logger?: Logger | undefined;
  /** The lowest level the logger gets (default `info`; FEED_LOG sets it for the stderr logger). */
  logLevel?: LogLevel | undefined;
}

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];
export const LOG_VARIABLE = 'FEED_LOG';

/** The hooks to run for these options and the environment's FEED_LOG, or undefined when nothing observes. */
export function resolveHooks(options: ObserveOptions): ClientHooks | undefined {
  const level = checkLevel(options.logLevel, 'logLevel');
  let logger = options.logger;
  let min = level ?? 'info';
  if (logger === undefined) {
    const fromEnv = readEnv(LOG_VARIABLE);
    if (fromEnv !== undefined && fromEnv !== 'off') {
      min = level ?? (checkLevel(fromEnv, LOG_VARIABLE) as LogLevel);
      logger = stderrLogger();
    }
  } else if (!logger || LEVELS.some((l) => typeof logger?.[l] !== 'function')) {
    throw new ConfigurationError(
      'logger',
      'logger must have debug, info, warn and error methods (console does).',
    );
  }
  const hooks = [options.hooks, logger && loggingHooks(logger, min)].filter((h): h is ClientHooks => !!h);
  if (hooks.length === 0) return undefined;
  if (hooks.length === 1) return guarded(hooks[0] as ClientHooks);
  return guarded({
    onRequest: (e) => each(hooks, (h) => h.onRequest?.(e)),
    onResponse: (e) => each(hooks, (h) => h.onResponse?.(e)),
    onRetry: (e) => each(hooks, (h) => h.onRetry?.(e)),
    onToken: (e) => each(hooks, (h) => h.onToken?.(e)),
  });
}

/** `fetch` reporting each request and its answer (or failure) to the hooks. */
export function observedFetch(fetch: FetchFn, hooks: ClientHooks, tokenPath: string): FetchFn {
  return async (request, init) => {
    const path = pathOf(request.url);
    const base = { method: request.method, path, token: new URL(request.url).pathname.endsWith(tokenPath) };
    hooks.onRequest?.(base);
    const start = performance.now();
    try {
      const response = await fetch(request, init);
      hooks.onResponse?.({ ...base, status: response.status, ms: elapsed(start) });
      return response;
    } catch (error) {
      hooks.onResponse?.({ ...base, ms: elapsed(start), error: describe(error) });
      throw error;
    }
  };
}

function loggingHooks(logger: Logger, min: LogLevel): ClientHooks {
  const on = (level: LogLevel) => LEVELS.indexOf(level) >= LEVELS.indexOf(min);
  // console prints a second argument after the line, an event object over several lines: the line says it all.
  // A structured logger (winston, a pino wrapper) gets the event as its fields.
  const log =
    logger === (globalThis as { console?: unknown }).console
      ? (level: LogLevel, message: string) => logger[level](message)
      : (level: LogLevel, message: string, fields: object) => logger[level](message, fields);
  const hooks: ClientHooks = {};
  if (on('debug')) {
    hooks.onResponse = (e) => {
      const what = e.status === undefined ? `failed: ${e.error}` : String(e.status);
      log('debug', `assoc-feed ${e.method} ${e.path}${e.token ? ' (token)' : ''} ${what} in ${e.ms} ms`, e);
    };
  }
  if (on('info')) {
    hooks.onToken = (e) => {
      const why = { first: 'first use', expiring: 'renewed before expiry', refused: 'renewed after a 401' }[
        e.reason
      ];
      log('info', `assoc-feed token issued (${why}), expires ${new Date(e.expiresAt).toISOString()}`, e);
    };
  }
  if (on('warn')) {
    hooks.onRetry = (e) => {
      const after = e.status === undefined ? e.error : e.status;
      log(
        'warn',
        `assoc-feed retry ${e.retry}/${e.maxRetries} of ${e.method} ${e.path} in ${Math.round(e.delayMs)} ms (after ${after})`,
        e,
      );
    };
  }
  return hooks;
}

function stderrLogger(): Logger {
  const write = (message: string) => console.error(message);
  return { debug: write, info: write, warn: write, error: write };
}

function guarded(hooks: ClientHooks): ClientHooks {
  const out: ClientHooks = {};
  for (const key of ['onRequest', 'onResponse', 'onRetry', 'onToken'] as const) {
    const hook = hooks[key] as ((event: unknown) => void) | undefined;
    if (typeof hook === 'function') {
      (out as Record<string, (event: unknown) => void>)[key] = (event) => {
        try {
          hook(event);
        } catch {
          // A hook watches; its failure must not fail the call.
        }
      };
    }
  }
  return out;
}

function each(hooks: ClientHooks[], run: (hooks: ClientHooks) => void): void {
  for (const h of hooks) {
    try {
      run(h);
    } catch {
      // as in guarded()
    }
  }
}

function checkLevel(value: unknown, option: string): LogLevel | undefined {
  if (value === undefined) return undefined;
  if (LEVELS.includes(value as LogLevel)) return value as LogLevel;
  throw new ConfigurationError(
    option,
    `${option} must be one of ${LEVELS.join(', ')}${option === LOG_VARIABLE ? ' or off' : ''} (got ${JSON.stringify(value)}).`,
  );
}

const elapsed = (start: number) => Math.round(performance.now() - start);

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.name}: ${code}` : error.name;
}
