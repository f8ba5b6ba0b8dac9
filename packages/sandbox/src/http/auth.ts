// Flow A (feed) and flow B (input family) credentials and tokens: the token calls, and the checks of every call.
import { sameText } from '../sha256.js';
import type { TokenStore } from '../tokens.js';
import { decodeBase64 } from './base64.js';
import { header, type RequestHeaders } from './exchange.js';

export interface Credentials {
  clientId: string;
  clientSecret: string;
}

export function credentialsMatch(expected: Credentials, id: string, secret: string): boolean {
  // Both comparisons always run, so the time does not tell which one failed.
  const idOk = sameText(id, expected.clientId);
  const secretOk = sameText(secret, expected.clientSecret);
  return idOk && secretOk;
}

export type Outcome =
  | { ok: true; body: unknown }
  /** `gateway`: refused by the API gateway in front of the service, whose body is a bare JSON string. */
  | { ok: false; status: number; error?: string; message: string; gateway?: boolean };

/** The gateway's wording, as recorded from the production host (public-client evidence, item 12). */
export const GATEWAY_CLIENT_ID_MESSAGE =
  'Client Id in the request, identified by HEADER client_id, is invalid. Check docs for the right client_id.';

const utf8 = new TextDecoder();

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/(?:[\w.+-]+\+)?json\s*(;|$)/i.test(contentType.trim());
}

const badAuthRequest = 'invalid authentication request';

function isForm(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType.trim());
}

/**
 * The flow A token call's body as fields: the JSON object document 1 shows, or the same field as a form
 * (`grant_type=client_credentials`), which the service accepts too; anything else is the 400 to answer.
 */
function tokenRequestBody(
  headers: RequestHeaders,
  body: Uint8Array,
): { fields: Record<string, unknown> } | { problem: Outcome } {
  const contentType = header(headers, 'content-type');
  if (isForm(contentType)) return { fields: Object.fromEntries(new URLSearchParams(utf8.decode(body))) };
  if (!isJson(contentType)) {
    return {
      problem: {
        ok: false,
        status: 400,
        error: badAuthRequest,
        message:
          'Send the body as JSON with Content-Type: application/json (or as a form, application/x-www-form-urlencoded).',
      },
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(body));
  } catch {
    return {
      problem: {
        ok: false,
        status: 400,
        error: badAuthRequest,
        message: 'The body is not JSON: send {"grant_type": "client_credentials"}.',
      },
    };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return {
      problem: {
        ok: false,
        status: 400,
        error: badAuthRequest,
        message: 'The body must be the JSON object {"grant_type": "client_credentials"}.',
      },
    };
  }
  return { fields: parsed as Record<string, unknown> };
}

/**
 * POST /oauth/access-token: Basic client_id:client_secret and the body {"grant_type":"client_credentials"}, as
 * JSON or as a form.
 */
export function flowAToken(
  headers: RequestHeaders,
  body: Uint8Array,
  expected: Credentials,
  store: TokenStore,
): Outcome {
  const authorization = header(headers, 'authorization');
  const basic = authorization ? /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(authorization) : null;
  if (!basic) {
    return {
      ok: false,
      status: 400,
      error: badAuthRequest,
      message: 'Send Authorization: Basic BASE64(client_id:client_secret).',
    };
  }
  const decoded = utf8.decode(decodeBase64(basic[1] as string));
  const colon = decoded.indexOf(':');
  if (colon < 0) {
    return {
      ok: false,
      status: 400,
      error: badAuthRequest,
      message: 'The Basic credentials must be BASE64 of client_id:client_secret (with the colon).',
    };
  }
  const read = tokenRequestBody(headers, body);
  if ('problem' in read) return read.problem;
  const parsed = read.fields;
  const fields = Object.keys(parsed);
  if (parsed.grant_type !== 'client_credentials') {
    return {
      ok: false,
      status: 400,
      error: badAuthRequest,
      message: 'grant_type is required and must be client_credentials.',
    };
  }
  if (fields.length !== 1) {
    return { ok: false, status: 400, error: badAuthRequest, message: 'The body takes grant_type only.' };
  }
  if (!credentialsMatch(expected, decoded.slice(0, colon), decoded.slice(colon + 1))) {
    return { ok: false, status: 401, message: 'The client credentials are invalid.' };
  }
  const { token, expiresIn } = store.issue(expected.clientId);
  return { ok: true, body: { access_token: token, token_type: 'Bearer', expires_in: expiresIn } };
}

/** POST /realms/input-api/protocol/openid-connect/token: a standard client-credentials form. */
export function flowBToken(
  headers: RequestHeaders,
  body: Uint8Array,
  expected: Credentials,
  store: TokenStore,
): Outcome {
  if (!isForm(header(headers, 'content-type'))) {
    return {
      ok: false,
      status: 400,
      error: badAuthRequest,
      message: 'Send a form (Content-Type: application/x-www-form-urlencoded), not JSON.',
    };
  }
  const form = new URLSearchParams(utf8.decode(body));
  for (const name of ['grant_type', 'client_id', 'client_secret']) {
    if (!form.get(name))
      return { ok: false, status: 400, error: badAuthRequest, message: `${name} is required.` };
  }
  if (form.get('grant_type') !== 'client_credentials') {
    return {
      ok: false,
      status: 400,
      error: badAuthRequest,
      message: 'grant_type must be client_credentials.',
    };
  }
  if (!credentialsMatch(expected, form.get('client_id') as string, form.get('client_secret') as string)) {
    return { ok: false, status: 401, message: 'The client credentials are invalid.' };
  }
  const { token, expiresIn } = store.issue(expected.clientId);
  return {
    ok: true,
    body: { access_token: token, expires_in: expiresIn, token_type: 'Bearer', scope: 'openid' },
  };
}

/** Document 1's error table puts "token revoked" under 403; a new token is the only remedy. */
function revoked(what: string): Outcome {
  return {
    ok: false,
    status: 403,
    error: 'access not authorized',
    message: `The ${what} was revoked. Request a new token.`,
  };
}

/** Flow A check of a feed call: both headers, a live token issued to that client. */
export function checkFeedCall(
  headers: RequestHeaders,
  expected: Credentials,
  store: TokenStore,
): Outcome | undefined {
  const clientId = header(headers, 'client_id');
  const token = header(headers, 'access_token');
  // A missing or unknown client_id is refused by the gateway before the service sees the call.
  if (!clientId || !sameText(clientId, expected.clientId))
    return { ok: false, status: 401, message: GATEWAY_CLIENT_ID_MESSAGE, gateway: true };
  if (!token) {
    return {
      ok: false,
      status: 401,
      message: 'Send the headers client_id and access_token (flow A) on every feed call.',
    };
  }
  const result = store.check(token, clientId);
  if (result === 'revoked') return revoked('access_token');
  if (result === 'expired')
    return { ok: false, status: 401, message: 'The access_token has expired. Request a new token.' };
  if (result !== 'ok')
    return {
      ok: false,
      status: 401,
      message: 'The access_token is invalid or expired. Request a new token.',
    };
  return undefined;
}

/** Flow B check of an input call: Authorization: Bearer with a live flow-B token. */
export function checkInputCall(headers: RequestHeaders, store: TokenStore): Outcome | undefined {
  const authorization = header(headers, 'authorization');
  const bearer = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (!bearer)
    return { ok: false, status: 401, message: 'Send Authorization: Bearer <token> with a flow-B token.' };
  const result = store.check(bearer[1]);
  if (result === 'revoked') return revoked('Bearer token');
  if (result === 'expired')
    return { ok: false, status: 401, message: 'The Bearer token has expired. Request a new token.' };
  if (result !== 'ok')
    return {
      ok: false,
      status: 401,
      message: 'The Bearer token is invalid or expired. Request a new token.',
    };
  return undefined;
}
