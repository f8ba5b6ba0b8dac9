// The sandbox's own bytes, read without the client: what "exactly as the service sent them" is checked against.
import type { InProcessSandbox } from '../feed.js';

export async function tokenOf(sandbox: InProcessSandbox): Promise<string> {
  const basic = Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64');
  const response = await sandbox.fetch(`${sandbox.url}/oauth/access-token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials' }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The body of a GET as text. */
export async function rawText(sandbox: InProcessSandbox, pathAndQuery: string): Promise<string> {
  const response = await sandbox.fetch(`${sandbox.url}${pathAndQuery}`, {
    headers: { client_id: sandbox.clientId, access_token: await tokenOf(sandbox) },
  });
  return response.text();
}

/** Every value of a numeric field, as written in the body. */
export const numbersOf = (text: string, field: string) =>
  [...text.matchAll(new RegExp(`"${field}":(-?[\\d.eE+-]+)`, 'g'))].map((m) => m[1] as string);
