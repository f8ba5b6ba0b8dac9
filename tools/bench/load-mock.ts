// @assoc-feed/mock is loaded at run time, its build when present (what users run), else its sources (the bench
// runs under tsx). Not a static import: tools cannot depend on the mock (the mock's specs depend on tools), so
// tools' type-check must not reach into the mock's sources, whose own imports need built packages.
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
}
export interface MockModule {
  startSandbox: (options: SandboxStartOptions) => Promise<RunningSandbox>;
  startMock: () => Promise<RunningMock>;
}

export const mockDist = `${repoRoot}packages/mock/dist/index.js`;
export const useMockDist = existsSync(mockDist) && existsSync(`${repoRoot}packages/mock/dist/cli.js`);

export async function loadMock(): Promise<MockModule> {
  return (await import(useMockDist ? mockDist : `${repoRoot}packages/mock/src/index.ts`)) as MockModule;
}
