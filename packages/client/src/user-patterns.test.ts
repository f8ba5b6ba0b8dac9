// The first lines a TypeScript user writes (type-tests/user-patterns.ts: `if (error) throw …; data.content`,
// `if (result.error) return; result.data.totalSize`, with and without throwOnError, for createFeedClient and each
// document client, options from the environment or built beforehand), compiled as a user's project compiles
// them: strict, against the built declarations, under `module` nodenext and under bundler resolution, with
// TypeScript 5.9 and 7. And misspelt options (type-tests/misspelt-options.ts): one error each, at the typo, with
// "Did you mean", under both compilers.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const folder = fileURLToPath(new URL('../type-tests/', import.meta.url));

// The compiler tsc runs, on the same tsconfig files, in this process. Its programs share the declaration files
// they all parse (the packages' dist, lib.dom…), keyed by how each was parsed, so the later ones parse few again.
const parsed = new Map<string, ts.SourceFile | undefined>();

function program(mode: 'nodenext' | 'bundler' | 'misspelt') {
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

interface Reported {
  line: number;
  column: number;
  text: string;
}

/** The errors in tsc's plain output (`--pretty false`: a first line per error, then indented ones). */
function parse(output: string): Reported[] {
  const found: Reported[] = [];
  for (const line of output.split('\n')) {
    const first = /^.+\((\d+),(\d+)\): error (TS\d+: .*)$/.exec(line);
    const last = found.at(-1);
    if (first) found.push({ line: Number(first[1]), column: Number(first[2]), text: first[3] as string });
    else if (last && /^\s/.test(line)) last.text += `\n${line.trim()}`;
    else if (line.trim() !== '') throw new Error(`tsc printed what is not a diagnostic: ${line}`);
  }
  return found;
}

/** What `tsc -p type-tests/<config> --pretty false` of TypeScript 7 prints: a native binary, with no JavaScript
 * API to run in process, so it runs as users run it. */
function tsc7(config: string): Promise<string> {
  const tsc = fileURLToPath(new URL('../node_modules/typescript-7/bin/tsc', import.meta.url));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [tsc, '-p', `${folder}${config}`, '--pretty', 'false'],
      { cwd: folder, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => {
        if (error && error.code !== 1 && error.code !== 2) reject(error);
        else resolve(stdout);
      },
    );
  });
}

// TypeScript 5.9 checks user-patterns.ts in process, above.
it.each(['nodenext', 'bundler'])(
  'TypeScript 7: user-patterns.ts under %s: no error',
  { timeout: 300_000 },
  async (mode) => {
    expect(parse(await tsc7(`tsconfig.${mode}.json`))).toEqual([]);
  },
);

// The errors each compiler reports on type-tests/tsconfig.misspelt.json, read from the same plain text: TypeScript
// 5.9 in this process (the compiler its tsc runs, formatting as tsc does, from the declarations the checks above
// parsed), TypeScript 7 as a process.
const compilers = {
  '5.9': async () => {
    const { config, program: p } = program('misspelt');
    return parse(format([...config.errors, ...ts.getPreEmitDiagnostics(p)]));
  },
  '7': async () => parse(await tsc7('tsconfig.misspelt.json')),
} as const;

describe.each(Object.keys(compilers) as (keyof typeof compilers)[])('TypeScript %s', (compiler) => {
  it('a misspelt option: one error, at the typo, with "Did you mean"', { timeout: 300_000 }, async () => {
    const lines = readFileSync(`${folder}misspelt-options.ts`, 'utf8').split('\n');
    const expected = lines.flatMap((text, index) => {
      const typo = /\/\/ typo: (\w+) -> (\w+)$/.exec(text);
      if (!typo) return [];
      const [, typed, meant] = typo as unknown as [string, string, string];
      // The call under the comment (biome may have spread it over lines): where the typed key is.
      const at = lines.findIndex((l, i) => i > index && l.includes(`${typed}:`));
      return [{ line: at + 1, column: (lines[at] as string).indexOf(`${typed}:`) + 1, typed, meant }];
    });
    expect(expected.length).toBeGreaterThanOrEqual(6);
    const found = await compilers[compiler]();
    expect(found.map((f) => `${f.line}:${f.column}`)).toEqual(expected.map((e) => `${e.line}:${e.column}`));
    for (const [i, e] of expected.entries()) {
      expect(found[i]?.text).toContain(
        `'${e.typed}' does not exist in type 'DocumentClientOptions'. Did you mean to write '${e.meant}'?`,
      );
    }
  });
});
