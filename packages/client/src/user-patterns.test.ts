// The first lines a TypeScript user writes (type-tests/user-patterns.ts: `if (error) throw …; data.content`,
// `if (result.error) return; result.data.totalSize`, with and without throwOnError, for createFeedClient and each
// document client, and misspelt client options as `@ts-expect-error`), compiled as a user's project compiles
// them: strict, against the built declarations, under `module` nodenext and under bundler resolution.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('../type-tests/', import.meta.url));

// The compiler tsc runs, on the same tsconfig files, in this process. The two programs share the declaration
// files both parse (the packages' dist, lib.dom…), keyed by how each was parsed, so the second parses few again.
const parsed = new Map<string, ts.SourceFile | undefined>();

function program(mode: 'nodenext' | 'bundler') {
  const config = ts.getParsedCommandLineOfConfigFile(`${folder}tsconfig.${mode}.json`, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!config) throw new Error(`type-tests/tsconfig.${mode}.json could not be read`);
  const host = ts.createCompilerHost(config.options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, options, onError, create) => {
    if (!fileName.endsWith('.d.ts')) return read(fileName, options, onError, create);
    const how = typeof options === 'object' ? options : { languageVersion: options };
    const key = `${fileName}|${how.languageVersion}|${how.impliedNodeFormat}`;
    if (!parsed.has(key)) parsed.set(key, read(fileName, options, onError, create));
    return parsed.get(key);
  };
  return {
    config,
    program: ts.createProgram({ rootNames: config.fileNames, options: config.options, host }),
  };
}

const format = (found: readonly ts.Diagnostic[]) =>
  ts.formatDiagnostics(found, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => folder,
    getNewLine: () => '\n',
  });
const files = (p: ts.Program) => p.getSourceFiles().map((f) => f.fileName);

describe('a strict user file compiles as the openapi-fetch habit expects', () => {
  let checked: ReturnType<typeof program> | undefined;
  const nodenext = () => (checked ??= program('nodenext'));

  // A full check takes a few seconds on an idle machine (5 s of CPU); two minutes were not enough on a machine
  // shared by many jobs. A guard against a hang.
  it('under module nodenext: no error', { timeout: 300_000 }, () => {
    const { config, program: p } = nodenext();
    expect(format([...config.errors, ...ts.getPreEmitDiagnostics(p)])).toBe('');
    expect(files(p).filter((f) => f.includes('/dist/')).length).toBeGreaterThan(10);
  });

  // Fully checked under bundler resolution too (a bundler project is the other common set-up), and found at the
  // declaration files nodenext compiled: a `types` condition only one of them reads would show here.
  it('under bundler resolution: no error, the same declarations', { timeout: 300_000 }, () => {
    const bundler = program('bundler');
    const p = bundler.program;
    expect(format([...bundler.config.errors, ...ts.getPreEmitDiagnostics(p)])).toBe('');
    expect(files(p).sort()).toEqual(files(nodenext().program).sort());
  });
});
