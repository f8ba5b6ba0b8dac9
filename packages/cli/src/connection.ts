// Where to connect and with which credentials. Sources, first wins: command-line flags, environment variables
// (FEED_CLIENT_ID, FEED_CLIENT_SECRET; FEED_ENVIRONMENT, read as the clients read it, with FEED_BASE_URL and
// FEED_SANDBOX_BASE_URL the hosts of its environments; FEED_BASE_URL alone is the target), then a JSON config file
// that only its owner may read. The secret never leaves this object except into the client that signs the token request.
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { type EnvironmentName, environments, FeedError } from '@assoc-feed/core';
import { checkServiceUrl, environmentFromVariable, resolveBaseUrl } from '@assoc-feed/core/internal';
import { UsageError } from './errors.js';
import { closest } from './suggest.js';

export interface ConnectionFlags {
  environment?: string | undefined;
  baseUrl?: string | undefined;
  config?: string | undefined;
}

export interface Where {
  environment?: EnvironmentName;
  baseUrl?: string;
  /** For messages: "sandbox (https://…)" or the URL. */
  label: string;
}

export interface Connection extends Where {
  clientId: string;
  clientSecret: string;
  /** Where the credentials came from, for messages: never the values. */
  credentialsFrom: string;
}

interface ConfigFile {
  path: string;
  clientId?: string;
  clientSecret?: string;
  environment?: string;
  baseUrl?: string;
}

const CONFIG_KEYS = ['clientId', 'clientSecret', 'environment', 'baseUrl'] as const;

export function defaultConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'assoc-feed', 'config.json');
}

/** Credentials and target; throws a UsageError naming the fix when something is missing or unsafe. */
export function resolveConnection(flags: ConnectionFlags, env: NodeJS.ProcessEnv = process.env): Connection {
  const config = readConfig(flags.config ?? env.FEED_CONFIG, env);
  const where = resolveWhere(flags, env, config);
  const fromEnv = { id: env.FEED_CLIENT_ID, secret: env.FEED_CLIENT_SECRET };
  if (fromEnv.id || fromEnv.secret) {
    if (!fromEnv.id) throw new UsageError('FEED_CLIENT_SECRET is set but FEED_CLIENT_ID is not: set both.');
    if (!fromEnv.secret)
      throw new UsageError('FEED_CLIENT_ID is set but FEED_CLIENT_SECRET is not: set both.');
    return {
      ...where,
      clientId: fromEnv.id,
      clientSecret: fromEnv.secret,
      credentialsFrom: 'FEED_CLIENT_ID/FEED_CLIENT_SECRET',
    };
  }
  if (config?.clientId && config.clientSecret) {
    return {
      ...where,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      credentialsFrom: config.path,
    };
  }
  if (config) {
    throw new UsageError(
      `${config.path} has no ${config.clientId ? 'clientSecret' : 'clientId'}: add it, or set FEED_CLIENT_ID and FEED_CLIENT_SECRET.`,
    );
  }
  throw new UsageError(
    'No credentials: set FEED_CLIENT_ID and FEED_CLIENT_SECRET, or write them to ' +
      `${defaultConfigPath(env)} as {"clientId": "…", "clientSecret": "…"} and chmod 600 it (or pass --config FILE).`,
  );
}

/** The target alone (for --dry-run, which needs no credentials); undefined when none was chosen. */
export function resolveWhere(
  flags: ConnectionFlags,
  env: NodeJS.ProcessEnv = process.env,
  config: ConfigFile | undefined = readConfig(flags.config ?? env.FEED_CONFIG, env),
): Where {
  if (flags.environment && flags.baseUrl) {
    throw new UsageError(
      '--environment and --base-url both given: pass one (--base-url wins over any environment).',
    );
  }
  // FEED_ENVIRONMENT as the clients read it (so a value they refuse is refused here too); with it, FEED_BASE_URL is
  // the production host (the client reads it), not a target of its own.
  let fromVariable: string | undefined;
  try {
    fromVariable = environmentFromVariable(env.FEED_ENVIRONMENT);
  } catch (error) {
    if (error instanceof FeedError) throw new UsageError(error.message);
    throw error;
  }
  const sources: [string, string | undefined, string | undefined][] = [
    ['--environment/--base-url', flags.environment, flags.baseUrl],
    ['FEED_ENVIRONMENT/FEED_BASE_URL', fromVariable, fromVariable ? undefined : env.FEED_BASE_URL],
    [config?.path ?? '', config?.environment, config?.baseUrl],
  ];
  for (const [source, environment, baseUrl] of sources) {
    if (baseUrl) return { baseUrl: checkUrl(baseUrl, source), label: checkUrl(baseUrl, source) };
    if (environment) {
      if (!Object.hasOwn(environments, environment)) {
        throw new UsageError(
          `Unknown environment ${JSON.stringify(environment)} (from ${source}): use production or sandbox, or a --base-url.`,
        );
      }
      const name = environment as EnvironmentName;
      // The client reads FEED_SANDBOX_BASE_URL (and FEED_BASE_URL) itself; the label shows where it will call.
      return { environment: name, label: `${name} (${hostOf(name)})` };
    }
  }
  throw new UsageError(
    'No environment chosen: pass --environment production or --environment sandbox, or --base-url URL ' +
      '(e.g. http://127.0.0.1:4011 for the local sandbox, `npx assoc-feed-sandbox`); FEED_ENVIRONMENT or FEED_BASE_URL work too.',
  );
}

/** The environment's host as the client resolves it, or the placeholder (the first call then says how to set it). */
function hostOf(name: EnvironmentName): string {
  try {
    return resolveBaseUrl({ environment: name });
  } catch (error) {
    if (error instanceof FeedError) throw new UsageError(error.message);
    throw error;
  }
}

function checkUrl(url: string, source: string): string {
  try {
    return checkServiceUrl(url, '--base-url');
  } catch (error) {
    if (error instanceof FeedError) throw new UsageError(`${error.message} (from ${source})`);
    throw error;
  }
}

/**
 * The config file, if any. An explicit path must exist; the default path may not. A file that group or others
 * can read is refused: it holds a secret, and a warning scrolls away while the file stays readable.
 */
function readConfig(explicit: string | undefined, env: NodeJS.ProcessEnv): ConfigFile | undefined {
  const path = explicit || defaultConfigPath(env);
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch {
    if (explicit)
      throw new UsageError(
        `Config file ${path} does not exist: check the path given to --config/FEED_CONFIG.`,
      );
    return undefined;
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new UsageError(
      `Config file ${path} is readable by ${mode & 0o007 ? 'everyone' : 'its group'} (mode ${(mode & 0o777).toString(8)}) ` +
        `and holds a secret: run chmod 600 ${path}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(
      `Config file ${path} is not valid JSON (${(error as Error).message.split('\n')[0]}): fix it, e.g. {"clientId": "…", "clientSecret": "…", "environment": "sandbox"}.`,
    );
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new UsageError(
      `Config file ${path} must hold a JSON object such as {"clientId": "…", "clientSecret": "…"}.`,
    );
  }
  const out: ConfigFile = { path };
  for (const [key, value] of Object.entries(parsed)) {
    if (!(CONFIG_KEYS as readonly string[]).includes(key)) {
      throw new UsageError(
        `Config file ${path}: unknown key ${JSON.stringify(key)}; did you mean ${closest(key, CONFIG_KEYS, 1)[0]}? ` +
          `Keys: ${CONFIG_KEYS.join(', ')}.`,
      );
    }
    if (typeof value !== 'string' || value === '') {
      throw new UsageError(`Config file ${path}: ${key} must be a non-empty string.`);
    }
    out[key as (typeof CONFIG_KEYS)[number]] = value;
  }
  return out;
}
