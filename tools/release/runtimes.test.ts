// check:packages runs the consumer on Node 20, 22 and 24, and a package that breaks on one of them fails the
// check on that runtime and only there. The runtimes are the ones check:packages uses: the machine's Node for
// its major, and pinned Node packages from the npm registry for the others (installed once into
// .tools/runtimes, then reused).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsumerOptions, checkConsumer, compilers, installConsumer } from './consumer.ts';
import {
  cachedRuntime,
  consumerRuntimes,
  PINNED_NODE_VERSIONS,
  type RuntimeSet,
  versionsToFetch,
} from './runtimes.ts';
import { type Files, fixturePackage } from './test-support/fixture-package.ts';
import { unpackedConsumer } from './test-support/unpacked-consumer.ts';

const temp = mkdtempSync(join(tmpdir(), 'check-packages-runtimes-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

let set: RuntimeSet;
beforeAll(async () => {
  set = await consumerRuntimes();
}, 600_000);

describe('which runtimes', () => {
  const pinned = ['20.1.0', '22.1.0', '24.1.0'];
  it.each([
    { machine: 'v20.20.2', fetched: ['22.1.0', '24.1.0'] },
    { machine: 'v22.4.0', fetched: ['20.1.0', '24.1.0'] },
    { machine: 'v24.0.0', fetched: ['20.1.0', '22.1.0'] },
    { machine: 'v26.1.0', fetched: ['20.1.0', '22.1.0', '24.1.0'] },
  ])('on a machine with Node $machine, $fetched come from npm', ({ machine, fetched }) => {
    expect(versionsToFetch(machine, pinned)).toEqual(fetched);
  });

  it('pins exact versions of Node 20, 22 and 24', () => {
    expect(PINNED_NODE_VERSIONS.map((v) => v.replace(/^(\d+)\.\d+\.\d+$/, '$1'))).toEqual(['20', '22', '24']);
  });

  it('covers Node 20, 22 and 24, each reporting the version it is labelled with', () => {
    expect(set.missing).toEqual([]);
    expect(set.runtimes.map((r) => r.major).sort()).toEqual([20, 22, 24]);
    for (const r of set.runtimes) {
      expect(execFileSync(r.node, ['--version'], { encoding: 'utf8' }).trim()).toBe(r.version);
    }
  });

  it('keeps the npm runtimes in a cache the next run reuses without installing', async () => {
    for (const r of set.runtimes.filter((r) => r.node !== process.execPath)) {
      const again = await cachedRuntime(r.version.slice(1));
      expect(again).toMatchObject({ node: r.node, version: r.version, installMs: 0 });
      expect(again?.source).toMatch(/cached in/);
    }
  });
});

describe('a package that breaks on one runtime fails the check there', () => {
  const consumer = {
    'scenario.ts': [
      "import { greet } from '@fixture/greet';",
      'export async function scenario(): Promise<string[]> {',
      "  const text = greet('team');",
      "  return text === 'hello team' ? [] : ['greet answered ' + text];",
      '}',
      '',
    ].join('\n'),
  };
  const cases: { name: string; files?: Files; failsOn: number[]; says?: RegExp }[] = [
    { name: 'a sound package runs on every runtime', failsOn: [] },
    {
      name: 'code that throws on Node 24 fails the run on Node 24 only',
      files: {
        'dist/index.js': [
          "if (process.versions.node.startsWith('24.')) throw new Error('greet cannot load on Node 24');",
          "export function greet(name) {\n  return 'hello ' + name;\n}",
          '',
        ].join('\n'),
      },
      failsOn: [24],
      says: /greet cannot load on Node 24/,
    },
    {
      name: 'code using an API Node 20 lacks (Set.prototype.union, Node 22+) fails the run on Node 20 only',
      files: {
        'dist/index.js':
          "export function greet(name) {\n  return 'hello ' + [...new Set([name]).union(new Set())].join('');\n}\n",
      },
      failsOn: [20],
      says: /union is not a function/,
    },
  ];
  let count = 0;
  const options = async (files?: Files): Promise<ConsumerOptions> => {
    const dir = join(temp, `case-${++count}`);
    const packed = await fixturePackage(join(dir, 'package'), files);
    return {
      dir: mkdtempSync(join(dir, 'consumer-')),
      packed: [packed],
      sources: consumer,
      // One quick compiler and resolution: the type checks are package-checks.test.ts's subject.
      compilers: compilers.filter((c) => c.label === 'TypeScript 7'),
      resolutions: ['nodenext' as const],
      libCheck: false,
      runtimes: set.runtimes,
    };
  };
  // The sound package installed by pnpm; the broken ones borrow its compiler (test-support/unpacked-consumer.ts).
  let sound: ConsumerOptions;
  beforeAll(async () => {
    sound = await options();
    const install = await installConsumer(sound);
    expect(install.ok, install.output).toBe(true);
  }, 600_000);
  // Concurrently: each case waits on Node processes, one runtime after the other.
  it.concurrent.for(cases)('$name', { timeout: 180_000 }, async ({ files, failsOn, says }, { expect }) => {
    const project = files ? unpackedConsumer(sound, await options(files)) : sound;
    const steps = await checkConsumer(project);
    // The ESM program's runs (the CommonJS one only loads the entry points: package-checks.test.ts's subject).
    const esm = steps.filter((s) => !s.name.endsWith(', CommonJS'));
    const runs = esm.filter((s) => s.name.startsWith('run on '));
    expect(runs.map((s) => s.name)).toEqual(set.runtimes.map((r) => `run on ${r.label}`));
    const failed = esm.filter((s) => !s.ok).map((s) => s.name);
    expect(failed).toEqual(
      set.runtimes.filter((r) => failsOn.includes(r.major)).map((r) => `run on ${r.label}`),
    );
    set.runtimes.forEach((r, i) => {
      const run = runs[i];
      if (failsOn.includes(r.major)) expect(run?.output).toMatch(says ?? /./);
      // The program itself names the runtime that ran it.
      else expect(run?.output).toContain(`0 failure(s) on Node ${r.version}`);
    });
  });
});
