// Where the service lives. The documents only write `{base_url}`, `{sandbox_base_url}` and `{auth_url}`; the hosts
// are the spec's server defaults (generated into ./generated/service.ts), placeholders in the reserved `.example`
// TLD until the operator's real hosts are known. A team sets the real hosts once, in the environment
// (FEED_BASE_URL, FEED_SANDBOX_BASE_URL: the names the CLI reads too) or in the `hosts` option; until then a call
// to a placeholder fails before anything is sent (placeholderFetch), naming both ways. `baseUrl` reaches any
// other deployment, such as the local mock or sandbox. Without `environment` or `baseUrl` in code, FEED_ENVIRONMENT
// chooses (environmentFromVariable, which the CLI uses too), so one set of variables configures both.

import { ConfigurationError } from '../errors/errors.js';
import { environments } from '../generated/service.js';
import type { FetchFn } from '../transport/http.js';
import { readEnv } from './env.js';

export { environments } from '../generated/service.js';

export type EnvironmentName = keyof typeof environments;

/** The environment variable that sets each environment's real host. */
export const HOST_VARIABLES = {
  production: 'FEED_BASE_URL',
  sandbox: 'FEED_SANDBOX_BASE_URL',
} as const satisfies Record<EnvironmentName, string>;

/** The environment variable that chooses the environment when code gives neither `environment` nor `baseUrl`. */
export const ENVIRONMENT_VARIABLE = 'FEED_ENVIRONMENT';

/**
 * The environment FEED_ENVIRONMENT names (`value` defaults to the variable), or undefined when it is unset or
 * empty; a ConfigurationError naming the variable when it names no environment.
 */
export function environmentFromVariable(
  value: string | undefined = readEnv(ENVIRONMENT_VARIABLE),
): EnvironmentName | undefined {
  if (!value) return undefined;
  if (!Object.hasOwn(environments, value)) {
    throw new ConfigurationError(
      'environment',
      `${ENVIRONMENT_VARIABLE}=${JSON.stringify(value)} names no environment: set it to production or sandbox (or unset it and pass environment or baseUrl).`,
    );
  }
  return value as EnvironmentName;
}

export interface BaseUrlOptions {
  environment?: EnvironmentName | undefined;
  /** Wins over `environment`. */
  baseUrl?: string | undefined;
  /**
   * The real host of each environment (the documents name none). Wins over FEED_BASE_URL and
   * FEED_SANDBOX_BASE_URL; `baseUrl` wins over both.
   */
  hosts?: Partial<Record<EnvironmentName, string>> | undefined;
}

export interface ResolvedService {
  baseUrl: string;
  /** Set when `baseUrl` is the spec's placeholder for this environment: nothing may be sent there. */
  placeholder?: EnvironmentName;
}

/**
 * The base URL to call: `baseUrl` if given, else the host of `environment` (or of FEED_ENVIRONMENT's): the `hosts`
 * option, then its environment variable, then the spec's placeholder. There is no default environment: silently
 * sending production credentials to the sandbox (or the reverse) fails with a confusing 401, so the choice is the
 * caller's to make, in code or in FEED_ENVIRONMENT.
 */
export function resolveBaseUrl(options: BaseUrlOptions): string {
  return resolveService(options).baseUrl;
}

export function resolveService(options: BaseUrlOptions): ResolvedService {
  if (options.baseUrl !== undefined) return { baseUrl: checkServiceUrl(options.baseUrl, 'baseUrl') };
  const name = options.environment ?? environmentFromVariable();
  if (name === undefined) {
    throw new ConfigurationError(
      'environment',
      "No environment chosen: pass environment: 'production' or 'sandbox', or baseUrl (for example the local " +
        "mock's http://localhost:4010), or set FEED_ENVIRONMENT.",
    );
  }
  if (!Object.hasOwn(environments, name)) {
    throw new ConfigurationError(
      'environment',
      `Unknown environment ${JSON.stringify(name)}: use 'production' or 'sandbox', or pass baseUrl.`,
    );
  }
  const fromOption = options.hosts?.[name];
  if (fromOption !== undefined) return { baseUrl: checkServiceUrl(fromOption, `hosts.${name}`) };
  const variable = HOST_VARIABLES[name];
  const fromEnv = readEnv(variable);
  if (fromEnv) return { baseUrl: checkServiceUrl(fromEnv, variable) };
  return { baseUrl: environments[name].baseUrl, placeholder: name };
}

/** What a call to a placeholder host fails with: the documents name no host, and here is how to set it. */
export function placeholderError(name: EnvironmentName): ConfigurationError {
  const variable = HOST_VARIABLES[name];
  return new ConfigurationError(
    'hosts',
    `The ${name} host ${environments[name].baseUrl} is a placeholder: the Feed documents name no host, and nothing ` +
      `was sent. Set the host your contract gives once: ${variable}=https://… in the environment, or ` +
      `hosts: { ${name}: 'https://…' } in the client options (or baseUrl for any other deployment, such as the ` +
      'local sandbox: npx assoc-feed-sandbox).',
  );
}

/** The fetch of a client whose host is a placeholder: every request (token or feed) fails before any I/O. */
export function placeholderFetch(name: EnvironmentName): FetchFn {
  return () => Promise.reject(placeholderError(name));
}

/** Loopback hosts, the only ones that may be reached over plain http (a local mock or sandbox). */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/**
 * Checks a service URL (base URL or token URL) and returns it without trailing slash. HTTPS only, except
 * loopback; no credentials, query or fragment (they would leak into, or break, every request URL).
 */
export function checkServiceUrl(value: unknown, option: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigurationError(
      option,
      `${option} must be a non-empty URL string such as https://api.assoc.example.`,
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigurationError(
      option,
      `${option} is not an absolute URL: pass one with its scheme, such as https://api.assoc.example or http://localhost:4010.`,
    );
  }
  if (url.username || url.password) {
    throw new ConfigurationError(
      option,
      `${option} must not carry credentials (user:password@): pass clientId and clientSecret as options instead.`,
    );
  }
  if (url.search || url.hash) {
    throw new ConfigurationError(
      option,
      `${option} must not have a query or fragment: remove what follows "?" or "#".`,
    );
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ConfigurationError(
      option,
      `${option} must use https: the Feed API is served over HTTPS only. Use https://${url.host}${url.pathname.replace(/\/+$/, '')}; ` +
        'plain http is accepted only for loopback (http://localhost, http://127.0.0.1, http://[::1]), such as the local mock.',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(
      option,
      `${option} must be an https:// URL (got the scheme ${url.protocol}).`,
    );
  }
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}
