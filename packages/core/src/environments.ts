// Where the service lives. The documents only write `{base_url}`, `{sandbox_base_url}` and `{auth_url}`; the hosts
// are the spec's server defaults (generated into ./generated/service.ts), placeholders in the reserved `.example`
// TLD until the operator's real hosts are known. Pass `baseUrl`
// to reach any other deployment, such as the local mock or sandbox.

import { ConfigurationError } from './errors.js';
import { environments } from './generated/service.js';

export { environments } from './generated/service.js';

export type EnvironmentName = keyof typeof environments;

export interface BaseUrlOptions {
  environment?: EnvironmentName | undefined;
  /** Wins over `environment`. */
  baseUrl?: string | undefined;
}

/**
 * The base URL to call: `baseUrl` if given, else the environment's. There is no default environment: silently
 * sending production credentials to the sandbox (or the reverse) fails with a confusing 401, so the choice is
 * the caller's to make.
 */
export function resolveBaseUrl(options: BaseUrlOptions): string {
  if (options.baseUrl !== undefined) return checkServiceUrl(options.baseUrl, 'baseUrl');
  const name = options.environment;
  if (name === undefined) {
    throw new ConfigurationError(
      'environment',
      "No environment chosen: pass environment: 'production' or 'sandbox', or baseUrl (for example the local " +
        "mock's http://localhost:4010).",
    );
  }
  if (!Object.hasOwn(environments, name)) {
    throw new ConfigurationError(
      'environment',
      `Unknown environment ${JSON.stringify(name)}: use 'production' or 'sandbox', or pass baseUrl.`,
    );
  }
  return environments[name].baseUrl;
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
