// `pnpm run docs` (src/serve.ts) as a user runs it: it prints the URL it serves, the site answers there (under a
// sub-path when asked), and a wrong argument gets a message that names it and the fix, not a stack trace.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const running: ChildProcess[] = [];

afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGTERM');
});

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function serve(args: string[]): Run {
  // Node itself with tsx's loader, not the tsx binary: the binary relays signals through a child and, on a loaded
  // machine, gives up waiting for the child's acknowledgement and exits 143, which is not what the server did.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/serve.ts', ...args], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let text = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => text, exited };
}

async function printedUrl(run: Run): Promise<string> {
  const deadline = Date.now() + 60_000; // a guard against a hang: tsx starts slowly on a busy machine
  while (Date.now() < deadline) {
    const match = run.output().match(/Feed reference docs at (http:\/\/\S+)/);
    if (match?.[1]) return match[1];
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no URL printed; output:\n${run.output()}`);
}

describe('pnpm run docs', () => {
  test('prints the URL and serves the site there, under the sub-path given (pnpm\'s "--" is accepted)', async () => {
    const run = serve(['--', '--port', '0', '--base', '/assoc-feed/']);
    const url = await printedUrl(run);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/assoc-feed\/$/);
    const index = await fetch(`${url}index.html`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('Feed data service');
    await expect(fetch(url).then((r) => r.status)).resolves.toBe(200); // the folder serves index.html
    await expect(fetch(new URL('/index.html', url)).then((r) => r.status)).resolves.toBe(404);
    run.child.kill('SIGTERM');
    await expect(run.exited).resolves.toBe(0);
  });

  test.each([
    [['--port', 'eighty'], '--port must be a whole number from 0 to 65535, got "eighty"'],
    [['--prot', '1'], "Unknown option '--prot'"],
  ])('%j is refused with a message that names it', async (args, message) => {
    const run = serve(args);
    await expect(run.exited).resolves.toBe(2);
    expect(run.output()).toContain(message);
    expect(run.output()).toContain('Usage: pnpm run docs');
    expect(run.output()).not.toMatch(/\n\s+at /); // no stack trace
  });

  test('a port in use is named, with the fix', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const run = serve(['--port', String(port)]);
      await expect(run.exited).resolves.toBe(1);
      expect(run.output()).toContain(`port ${port} on 127.0.0.1 is taken`);
      expect(run.output()).toContain('--port 0');
    } finally {
      blocker.close();
    }
  });
});
