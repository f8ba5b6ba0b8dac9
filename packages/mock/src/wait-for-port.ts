import { connect } from 'node:net';

/** Resolves once something accepts TCP connections on host:port; rejects after timeoutMs or when `abort` fires. */
export async function waitForPort(
  host: string,
  port: number,
  timeoutMs: number,
  abort?: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (abort?.aborted) throw abort.reason instanceof Error ? abort.reason : new Error(String(abort.reason));
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host, port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
