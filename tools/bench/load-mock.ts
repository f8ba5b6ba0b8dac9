// @assoc-feed/mock and @assoc-feed/sandbox are loaded at run time, each from its build when present (what users
// run), else from its sources (the bench runs under tsx). Not static imports: tools cannot depend on them (their
// specs depend on tools), so tools' type-check must not reach into their sources, whose own imports need built
// packages.
import { existsSync } from 'node:fs';
import { repoRoot } from '../specs/apis.ts';

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
}
export interface MockModule {
  startMock: () => Promise<RunningMock>;
}
export interface SandboxModule {
  startSandbox: (options: SandboxStartOptions) => Promise<RunningSandbox>;
}

/** Whether a package's build (index and bin) is there. */
function built(pkg: 'mock' | 'sandbox'): boolean {
  return (
    existsSync(`${repoRoot}packages/${pkg}/dist/index.js`) &&
    existsSync(`${repoRoot}packages/${pkg}/dist/cli.js`)
  );
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
