// A failure in the words of the one who reads it here: an assistant that has call_operation's arguments, not the
// SDK. The client's messages name SDK options and fields (`params.path…`, `error.body.details`, `timeoutMs`,
// `baseUrl`); this says the same in terms of the tool's arguments and the server's configuration (FEED_*,
// --timeout-ms), and says plainly when a failure is the credentials' (the user's to fix), not the question's.
import { FeedError, InvalidRequestError } from '@assoc-feed/core';

/** The longest piece of a value, or of the service's own message, quoted back. */
const QUOTE_LIMIT = 300;

const clip = (text: string) => (text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}…` : text);

/** The SDK's fixes, as the server's reader can apply them. */
const REWORDED: readonly [RegExp, string][] = [
  [/ In a paginated list a page past the last page answers 404, which paginate\(\) treats as the end\./g, ''],
  [
    /; use paginate\(\) to read more/g,
    '; call_operation reads the following pages itself, up to max_records',
  ],
  [
    /Raise timeoutMs \(client option or per call\) if the service is slow/g,
    "Try again, or ask for less (a smaller max_records); the user can raise the server's --timeout-ms if the service is slow",
  ],
  [
    /slow down, or raise retry\.maxRetryAfterMs and timeoutMs for the client to wait it out \(a wait past either is not made\)/g,
    'wait before calling again',
  ],
  [/Set baseUrl \(or tokenUrl\)/g, 'The user must set FEED_BASE_URL'],
  [/Point baseUrl at/g, 'The user must point FEED_BASE_URL at'],
  [/set baseUrl to/g, 'the user must set FEED_BASE_URL to'],
  [/Check baseUrl/g, "Check the server's FEED_BASE_URL"],
  [/check baseUrl/g, "check the server's FEED_BASE_URL"],
  [/and baseUrl/g, "and the server's FEED_BASE_URL"],
  [/above maxResponseBytes \((\d+)\)/g, "above the server's limit on one answer ($1 bytes)"],
  [
    /Check clientId and clientSecret/g,
    "The user must check FEED_CLIENT_ID and FEED_CLIENT_SECRET in the server's configuration",
  ],
  [/Check that clientId is/g, 'Check that FEED_CLIENT_ID is'],
  [/as the retry options allow/g, "as the server's retry settings allow"],
];

function reword(text: string): string {
  return REWORDED.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** One broken parameter rule, with the fix in call_operation's arguments. */
function issueText(issue: InvalidRequestError['issues'][number]): string {
  const name = clip(issue.parameter);
  if (issue.rule === 'required') {
    return `${name} is required: put it in call_operation's "${issue.location}" argument, e.g. ${issue.location}: {${JSON.stringify(name)}: …} (describe_operation gives its form).`;
  }
  // A name the operation does not know is quoted whole by the client; an assistant needs its start only.
  return reword(issue.message.split(issue.parameter).join(name));
}

/** What the service said in its error body (`message`, and each `details` item), within the quote limit. */
function serviceSaid(body: unknown): string {
  if (typeof body === 'string') return body.trim() ? ` The service said: ${clip(body.trim())}` : '';
  if (!body || typeof body !== 'object') return '';
  const { message, details } = body as { message?: unknown; details?: unknown };
  const parts: string[] = [];
  if (typeof message === 'string' && message.trim()) parts.push(message.trim());
  if (Array.isArray(details) && details.length) parts.push(`details: ${JSON.stringify(details)}`);
  return parts.length ? ` The service said: ${clip(parts.join('; '))}` : '';
}

/** Whether the failed request was the token request (its path is a token path, not the operation's). */
function isTokenRequest(error: FeedError, tokenPaths: readonly string[]): boolean {
  const path = error.path?.split('?')[0] ?? '';
  return (
    error.code === 'invalid_credentials' ||
    error.code === 'invalid_token_response' ||
    tokenPaths.some((p) => path.endsWith(p))
  );
}

function answerText(error: FeedError, tokenPaths: readonly string[]): string {
  const head = `${error.method ?? 'GET'} ${clip(error.path ?? '')} answered ${error.status}.`;
  const said = serviceSaid(error.body);
  const ref = error.requestId ? ` (request id ${clip(error.requestId)}: quote it to the operator)` : '';
  if (isTokenRequest(error, tokenPaths) || error.code === 'unauthorized') {
    return (
      `Authentication failed, so nothing was read: ${head}${said} The server's credentials or token URL are ` +
      "wrong for this service: the user must check FEED_CLIENT_ID, FEED_CLIENT_SECRET and FEED_BASE_URL in the server's " +
      `configuration (production and sandbox credentials differ). Calling again will not help.${ref}`
    );
  }
  switch (error.code) {
    case 'bad_request':
      return `${head}${said} The service refused a parameter: describe_operation gives each parameter's rules.${ref}`;
    case 'not_found':
      return (
        `${head}${said} Nothing there: check the code or date sent (describe_operation gives each parameter's ` +
        `form; a recent date may not be released yet).${ref}`
      );
    case 'forbidden':
      return (
        `${head}${said} The credentials are not allowed this operation (outside the contracted plan, or access ` +
        `revoked): the user must regularise access with the operator; other operations may still answer.${ref}`
      );
    default:
      return reword(error.message);
  }
}

/** The assistant-facing text of a failure. `tokenPaths`: the token requests' paths, to tell their failures apart. */
export function errorText(error: unknown, tokenPaths: readonly string[]): string {
  if (error instanceof InvalidRequestError) {
    return `Nothing was sent: ${error.issues.map(issueText).join(' ')}`;
  }
  if (error instanceof FeedError) {
    if (error.status !== undefined) return answerText(error, tokenPaths);
    return reword(error.message);
  }
  return error instanceof Error ? error.message : String(error);
}
