// The smoke project: the packed client and sandbox installed outside the workspace, the smoke script
// (runtime-smoke/) run by Node, Bun and Deno as a user's script, and by workerd through miniflare as a worker
// bundled the way wrangler bundles (esbuild, one file, no splitting), all against one sandbox started from its
// packed bin on loopback.
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stringify } from 'yaml';
import { type Step, step } from './consumer.ts';
import type { JsRuntime, JsRuntimeSet } from './js-runtimes.ts';
import { type Packed, pnpmBin } from './pack.ts';

const smokeDir = fileURLToPath(new URL('./runtime-smoke/', import.meta.url));
const toolsManifest = fileURLToPath(new URL('../package.json', import.meta.url));
/** The day the worker's behaviour is pinned to, as a wrangler.toml's compatibility_date pins it. */
const COMPATIBILITY_DATE = '2026-04-01';

/** Writes and installs the project: the client and the sandbox from their tarballs, esbuild as the bundler. */
export function installSmokeProject(dir: string, packed: Packed[]): Promise<Step> {
  const file = (p: Packed) => `file:${p.tarball}`;
  const byName = Object.fromEntries(packed.map((p) => [p.manifest.name, file(p)]));
  const esbuild = (
    JSON.parse(readFileSync(toolsManifest, 'utf8')) as { devDependencies: Record<string, string> }
  ).devDependencies.esbuild as string;
  const manifest = {
    name: 'assoc-feed-runtime-smoke',
    private: true,
    type: 'module',
    dependencies: {
      '@assoc-feed/client': byName['@assoc-feed/client'],
      '@assoc-feed/sandbox': byName['@assoc-feed/sandbox'],
    },
    devDependencies: { esbuild },
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  // Packages depending on each other get the tarballs too; the sandbox's optional peers (the mock, msw) stay out.
  writeFileSync(
    join(dir, 'pnpm-workspace.yaml'),
    stringify({ overrides: byName, autoInstallPeers: false, allowBuilds: { esbuild: true } }),
  );
  for (const name of ['smoke.js', 'main.js', 'worker.js'])
    copyFileSync(join(smokeDir, name), join(dir, name));
  return step(
    'install the tarballs',
    pnpmBin(),
    ['install', '--no-frozen-lockfile', '--prefer-offline', '--reporter=append-only'],
    dir,
  );
}

export interface RunningSandbox {
  url: string;
  clientId: string;
  clientSecret: string;
  child: ChildProcess;
}

/** The packed sandbox bin on a free loopback port, as `npx assoc-feed-sandbox --port 0` starts it. */
export async function startSandbox(dir: string): Promise<RunningSandbox> {
  const child = spawn(join(dir, 'node_modules', '.bin', 'assoc-feed-sandbox'), ['--port', '0', '--quiet'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  // A guard against a hang, sized for a busy machine.
  const deadline = Date.now() + 120_000;
  while (!/Press Ctrl-C/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the packed assoc-feed-sandbox bin did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const url = /listening on (http:\/\/\S+)/.exec(out)?.[1] as string;
  const [, clientId = '', clientSecret = ''] = /client_id=(\S+) client_secret=(\S+)/.exec(out) ?? [];
  return { url, clientId, clientSecret, child };
}

const failed = (name: string, output: string): Step => ({ name, ok: false, output, ms: 0 });

/** The smoke as a script: `node main.js`, `bun main.js`, `deno run … main.js`. */
export function runScript(
  dir: string,
  label: string,
  command: string,
  args: string[],
  sandbox: RunningSandbox,
) {
  const { url, clientId, clientSecret } = sandbox;
  return step(
    `smoke on ${label}`,
    command,
    [...args, 'main.js', url, clientId, clientSecret, label],
    dir,
    180_000,
  );
}

/** Deno, as a user runs a script that imports npm packages from node_modules: the permissions it needs, no more. */
export const denoArgs = (sandbox: RunningSandbox) => [
  'run',
  `--allow-net=${new URL(sandbox.url).host}`,
  '--allow-env',
  '--allow-read=.',
];

/** The worker bundled as wrangler does, then run in workerd by miniflare, its bindings the sandbox's. */
export async function runWorker(dir: string, miniflare: JsRuntime, sandbox: RunningSandbox): Promise<Step> {
  const name = `smoke on ${miniflare.label}`;
  const bundled = await step(
    'bundle the worker (esbuild, one file, no splitting, conditions workerd/worker/browser)',
    join(dir, 'node_modules', '.bin', 'esbuild'),
    [
      'worker.js',
      '--bundle',
      '--format=esm',
      '--platform=browser',
      '--conditions=workerd,worker',
      '--target=es2022',
      '--outfile=worker.bundle.js',
    ],
    dir,
  );
  if (!bundled.ok) return failed(name, `not run: ${bundled.output}`);
  const started = performance.now();
  const kib = (statSync(join(dir, 'worker.bundle.js')).size / 1024).toFixed(0);
  const { Miniflare } = (await import(
    pathToFileURL(createRequire(join(miniflare.path, 'package.json')).resolve('miniflare')).href
  )) as { Miniflare: new (options: object) => MiniflareInstance };
  let mf: MiniflareInstance | undefined;
  try {
    mf = new Miniflare({
      modules: true,
      // Module names are paths under this root (workerd refuses a `..` out of it).
      modulesRoot: dir,
      scriptPath: join(dir, 'worker.bundle.js'),
      compatibilityDate: COMPATIBILITY_DATE,
      bindings: {
        FEED_BASE_URL: sandbox.url,
        FEED_CLIENT_ID: sandbox.clientId,
        FEED_CLIENT_SECRET: sandbox.clientSecret,
      },
    });
    const response = await mf.dispatchFetch('http://worker.local/');
    const text = await response.text();
    let lines: string[];
    try {
      lines = (JSON.parse(text) as { lines: string[] }).lines;
    } catch {
      return {
        name,
        ok: false,
        output: `the worker answered ${response.status}: ${text.slice(0, 2000)}`,
        ms: 0,
      };
    }
    const output = [`bundle worker.bundle.js ${kib} KiB`, ...lines].map((l) => `  ${l}`).join('\n');
    const ok = lines.length > 0 && lines.every((l) => l.startsWith('ok'));
    return { name, ok, output: `${miniflare.label}:\n${output}`, ms: performance.now() - started };
  } catch (error) {
    return failed(name, `miniflare: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await mf?.dispose();
  }
}

interface MiniflareInstance {
  dispatchFetch(url: string): Promise<Response>;
  dispose(): Promise<void>;
}

/** Every runtime's smoke, one after the other (two cores, shared); a runtime that is missing is a failed step. */
export async function runSmokes(
  dir: string,
  runtimes: JsRuntimeSet,
  sandbox: RunningSandbox,
): Promise<Step[]> {
  const steps: Step[] = [await runScript(dir, `Node ${process.version}`, process.execPath, [], sandbox)];
  const missing = (label: string) => failed(`smoke on ${label}`, `not run: ${label} could not be installed`);
  steps.push(
    runtimes.bun ? await runScript(dir, runtimes.bun.label, runtimes.bun.path, [], sandbox) : missing('Bun'),
  );
  steps.push(
    runtimes.deno
      ? await runScript(dir, runtimes.deno.label, runtimes.deno.path, denoArgs(sandbox), sandbox)
      : missing('Deno'),
  );
  steps.push(runtimes.miniflare ? await runWorker(dir, runtimes.miniflare, sandbox) : missing('workerd'));
  return steps;
}
