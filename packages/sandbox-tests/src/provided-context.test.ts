// The README's Vitest typing, compiled as a user's project would compile it (strict, NodeNext): one reference to
// each package's `vitest-provided` declarations types `inject('feedSandbox')` and `inject('feedMockUrl')`; without
// it, inject() refuses the key, as Vitest's own types do.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The README's ```ts block that references `<package>/vitest-provided`. */
function readmeUsage(pkg: string): string {
  const readme = readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), 'README.md'), 'utf8');
  const block = [...readme.matchAll(/^```ts\n([\s\S]*?)^```/gm)]
    .map((m) => m[1] as string)
    .find((code) => code.includes(`${pkg}/vitest-provided`));
  if (!block) throw new Error(`${pkg}'s README shows no reference to ${pkg}/vitest-provided`);
  return block;
}

// Inside this package, so the project resolves the workspace's @assoc-feed packages and Vitest as a user's would.
const project = mkdtempSync(join(here, '..', '.provided-context-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

// The compiler in this process rather than a `tsc` child: the same program and diagnostics as `tsc -p` on this
// tsconfig, and the second compile reuses the first's parsed declaration files (Vitest's, the packages') instead of
// parsing them again in a new process.
const parsed = new Map<string, ts.SourceFile | undefined>();
const host = ts.createCompilerHost({});
const readSource = host.getSourceFile.bind(host);
host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
  // The files under test change between compiles; only what they import is shared.
  if (fileName.startsWith(project)) return readSource(fileName, languageVersion, onError, shouldCreate);
  if (!parsed.has(fileName))
    parsed.set(fileName, readSource(fileName, languageVersion, onError, shouldCreate));
  return parsed.get(fileName);
};

function compile(files: Record<string, string>): { status: number; output: string } {
  for (const [name, code] of Object.entries(files)) writeFileSync(join(project, name), code);
  const configPath = join(project, 'tsconfig.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files: Object.keys(files),
    }),
  );
  const config = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!config) throw new Error(`${configPath} could not be read`);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
  const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
  const output = ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => project,
    getNewLine: () => '\n',
  });
  // tsc's exit status: 0 without errors, else 2 (errors, nothing emitted: noEmit).
  return { status: diagnostics.some((d) => d.category === ts.DiagnosticCategory.Error) ? 2 : 0, output };
}

describe("the README's Vitest typing", () => {
  const sandbox = readmeUsage('@assoc-feed/sandbox');
  const mock = readmeUsage('@assoc-feed/mock');

  it('compiles under strict: inject() gives the sandbox and the mock URL their types', () => {
    const { status, output } = compile({ 'sandbox-usage.mts': sandbox, 'mock-usage.mts': mock });
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 300_000);

  it('without the reference, inject() refuses the keys (what the reference fixes)', () => {
    const strip = (code: string) => code.replace(/^\/\/\/ <reference .*\n/m, '');
    const { status, output } = compile({
      'sandbox-usage.mts': strip(sandbox),
      'mock-usage.mts': strip(mock),
    });
    expect(status).not.toBe(0);
    expect(output).toContain(`Argument of type '"feedSandbox"' is not assignable`);
    expect(output).toContain(`Argument of type '"feedMockUrl"' is not assignable`);
  }, 300_000);
});
