// startSandbox({ unref: true }), as the Jest global set-up starts it: neither the server nor a keep-alive
// connection it holds open keeps the process alive, so a runner without a teardown exits once its tests are done.
// Checked in a process of its own, whose only other handle is the client's socket, let go once answered.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('./start-sandbox.ts', import.meta.url));
const program = `
import { connect } from 'node:net';
import { startSandbox } from ${JSON.stringify(entry)};
const sandbox = await startSandbox({ unref: true });
const { hostname, port } = new URL(sandbox.url);
const socket = connect(Number(port), hostname);
socket.write('GET /feed/fundos/v2/fundos HTTP/1.1\\r\\nhost: x\\r\\nconnection: keep-alive\\r\\n\\r\\n');
socket.once('data', () => {
  socket.unref();
  setImmediate(() => console.log(JSON.stringify(process.getActiveResourcesInfo().filter((r) => r.startsWith('TCP')))));
});`;

describe('startSandbox({ unref: true })', () => {
  it('holds the process by neither its server nor an open keep-alive connection', () => {
    const { NODE_OPTIONS: _, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], {
      env,
      encoding: 'utf8',
      timeout: 120_000, // a guard against a hang
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([]);
  }, 120_000);
});
