// What the hostile cases share: the sizes, the path they call, how an outcome is told and counted, and a raw
// socket for the requests no HTTP client would send.
import { connect } from 'node:net';

export const MB = 1024 * 1024;
export const BIG = 200 * MB;
export const DETAIL = '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}';
export const fundCode = (n: number) => `F${String(n).padStart(10, '0')}`;

/** The outcome of a call: its error code (or name), else its status. */
export async function outcomeOf(call: Promise<unknown>): Promise<string> {
  try {
    const result = (await call) as { response?: Response };
    return result.response ? String(result.response.status) : 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? (error as Error).name;
  }
}

/** "3× 404, 1× closed": how often each outcome came. */
export function countOutcomes(outcomes: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o, (counts.get(o) ?? 0) + 1);
  return [...counts].map(([k, v]) => `${v}× ${k}`).join(', ');
}

/** `tries` calls, one after another; the count of what they ended with. */
export async function tally(tries: number, call: (i: number) => Promise<unknown>): Promise<string> {
  const outcomes: string[] = [];
  for (let i = 0; i < tries; i++) outcomes.push(await outcomeOf(Promise.resolve().then(() => call(i))));
  return countOutcomes(outcomes);
}

export interface Raw {
  received: string;
  closedAfterMs: number;
  bytesSent: number;
}

/** Opens a socket, writes `head`, then `body()` chunks until the server closes (at most `maxBytes`). */
export async function raw(
  url: string,
  head: string,
  body?: () => Buffer | Promise<Buffer>,
  maxBytes = 256 * MB,
): Promise<Raw> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  let closed = false;
  socket.on('data', (d: Buffer) => {
    received += d.toString('latin1');
  });
  socket.on('error', () => {});
  const done = new Promise<void>((r) =>
    socket.on('close', () => {
      closed = true;
      r();
    }),
  );
  const started = performance.now();
  socket.write(head);
  let bytesSent = 0;
  while (body && !closed && bytesSent < maxBytes) {
    const chunk = await body();
    if (closed) break;
    bytesSent += chunk.length;
    if (!socket.write(chunk)) {
      await Promise.race([
        new Promise((r) => socket.once('drain', r)),
        done,
        new Promise((r) => setTimeout(r, 200)),
      ]);
    }
  }
  const timeout = setTimeout(() => socket.destroy(), 60_000);
  await done;
  clearTimeout(timeout);
  return { received, closedAfterMs: performance.now() - started, bytesSent };
}

export const statusOf = (r: Raw) => /^HTTP\/1\.1 (\d{3})/.exec(r.received)?.[1] ?? 'closed';
