// Test support: a consumer project that borrows its compilers and @types/node from one installed by pnpm, and
// has its fixture's tarball unpacked where pnpm puts a package without dependencies (node_modules/<name>).
// The tests that check what a broken package does to the consumer's checks use it: what breaks is in the
// package, not in how it is installed, and installing the same registry packages once per case made those
// files the slowest of the suite. The real install stays tested (installConsumer in each file, and in
// check:packages on every package).
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { type ConsumerOptions, compilers, writeConsumer } from '../consumer.ts';

/** Writes `project` and fills its node_modules: the compilers and @types/node of the installed `from`
 * project, linked; the packed packages (which must have no dependencies) unpacked. */
export function unpackedConsumer(from: ConsumerOptions, project: ConsumerOptions): ConsumerOptions {
  writeConsumer(project);
  const modules = join(project.dir, 'node_modules');
  mkdirSync(modules);
  for (const name of [...(project.compilers ?? compilers).map((c) => c.alias), '@types']) {
    symlinkSync(realpathSync(join(from.dir, 'node_modules', name)), join(modules, name));
  }
  for (const packed of project.packed) {
    if (Object.keys(packed.manifest.dependencies ?? {}).length > 0) {
      throw new Error(`${packed.manifest.name} has dependencies: install it with installConsumer`);
    }
    const target = join(modules, ...packed.manifest.name.split('/'));
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', packed.tarball, '-C', target, '--strip-components=1']);
  }
  return project;
}
