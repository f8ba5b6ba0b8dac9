// @assoc-feed/mock and @assoc-feed/sandbox are loaded at run time, each from its build when present (what users
// run), else from its sources (the bench runs under tsx). Not static imports: tools cannot depend on them (their
// specs depend on tools), so tools' type-check must not reach into their sources, whose own imports need built
// packages.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';

export interface RunningMock {
  url: string;
  stop: () => Promise<void>;
}
export interface RunningSandbox extends RunningMock {
  clientId: string;
  clientSecret: string;
}
export interface SandboxStartOptions {
  port?: number;
  now?: () => number;
  latencyMs?: number;
  funds?: number;
  /** One line per request (`GET /path?query → status …`). */
  log?: (line: string) => void;
}
export interface MockModule {
  startMock: () => Promise<RunningMock>;
}
export interface SandboxModule {
  startSandbox: (options: SandboxStartOptions) => Promise<RunningSandbox>;
}

/** A package's bin, as its manifest names it (the sandbox's is dist/cli.cjs, which runs the bundled command). */
export function binOf(pkg: 'mock' | 'sandbox'): string {
  const dir = `${repoRoot}packages/${pkg}/`;
  const manifest = JSON.parse(readFileSync(`${dir}package.json`, 'utf8')) as { bin: Record<string, string> };
  return join(dir, Object.values(manifest.bin)[0] as string);
}

/** Whether a package's build (index and bin) is there. */
function built(pkg: 'mock' | 'sandbox'): boolean {
  return existsSync(`${repoRoot}packages/${pkg}/dist/index.js`) && existsSync(binOf(pkg));
}

export const useMockDist = built('mock');
export const useSandboxDist = built('sandbox');

export async function loadMock(): Promise<MockModule> {
  const entry = useMockDist ? 'dist/index.js' : 'src/index.ts';
  return (await import(`${repoRoot}packages/mock/${entry}`)) as MockModule;
}

export async function loadSandbox(): Promise<SandboxModule> {
  const entry = useSandboxDist ? 'dist/index.js' : 'src/index.ts';
  return (await import(`${repoRoot}packages/sandbox/${entry}`)) as SandboxModule;
}
