// The two package linters, on the tarball a release would publish: publint (package.json against the files:
// exports, formats, bins) and Are The Types Wrong (types as TypeScript resolves them, ESM-only profile: these
// packages are ESM, `require` and node10 resolution are out of scope).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { entrypoints, hasCode } from './entrypoints.ts';
import type { Manifest } from './workspace.ts';

const run = promisify(execFile);
const attwBin = fileURLToPath(new URL('../node_modules/.bin/attw', import.meta.url));

export interface LintProblem {
  tool: 'publint' | 'attw';
  /** publint's message code or attw's problem kind (`FILE_DOES_NOT_EXIST`, `UntypedResolution`, `NoTypes`). */
  code: string;
  message: string;
}

/** publint, strict: warnings fail too; suggestions are returned apart, to print. */
export async function runPublint(
  tarball: string,
): Promise<{ problems: LintProblem[]; suggestions: string[] }> {
  const data = readFileSync(tarball);
  const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  const { messages, pkg } = await publint({ pack: { tarball: buffer }, level: 'suggestion', strict: true });
  const text = (m: (typeof messages)[number]) =>
    (formatMessage(m, pkg, { color: false }) ?? m.code).replace(/\s+/g, ' ');
  return {
    problems: messages
      .filter((m) => m.type !== 'suggestion')
      .map((m) => ({ tool: 'publint', code: m.code, message: text(m) })),
    suggestions: messages.filter((m) => m.type === 'suggestion').map(text),
  };
}

/** Resolutions the ESM-only profile leaves out (as attw's own `--profile esm-only`). */
const ignoredResolutions = new Set(['node10', 'node16-cjs']);

interface AttwProblem {
  kind: string;
  entrypoint?: string;
  resolutionKind?: string;
  [key: string]: unknown;
}

/** attw's verdict is its exit code (with the profile applied); the JSON names the problems. A package with code
 * but no types at all passes attw (nothing to check), so that is a problem here. Data-only packages (no code
 * entry point) are not analysed, nor the data entry points of a package with code (@assoc-feed/specs' YAML files:
 * types have nothing to say about them). */
export async function runAttw(tarball: string, manifest: Manifest): Promise<LintProblem[]> {
  if (!hasCode(manifest)) return [];
  const data = entrypoints(manifest)
    .filter((entry) => entry.kind === 'data')
    .map((entry) => `.${entry.specifier.slice(manifest.name.length)}`);
  const args = [tarball, '--profile', 'esm-only', '--format', 'json'];
  if (data.length > 0) args.push('--exclude-entrypoints', ...data);
  let stdout = '';
  let failed = false;
  try {
    ({ stdout } = await run(attwBin, args, {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, FORCE_COLOR: '0' },
    }));
  } catch (error) {
    const {
      stdout: out = '',
      stderr = '',
      code,
    } = error as { stdout?: string; stderr?: string; code?: unknown };
    if (typeof code !== 'number' || !out.trim().startsWith('{')) {
      return [{ tool: 'attw', code: 'ToolError', message: `attw failed to run: ${stderr || out}`.trim() }];
    }
    stdout = out;
    failed = true;
  }
  const report = JSON.parse(stdout) as {
    analysis: { types: unknown };
    problems?: Record<string, AttwProblem[]>;
  };
  if (report.analysis.types === false) {
    return [
      {
        tool: 'attw',
        code: 'NoTypes',
        message:
          'the package has JavaScript entry points but no type declarations: emit .d.ts ("declaration": true) and point a "types" condition at them',
      },
    ];
  }
  if (!failed) return [];
  const problems = Object.values(report.problems ?? {})
    .flat()
    .filter((p) => !p.resolutionKind || !ignoredResolutions.has(p.resolutionKind))
    .map((p) => ({
      tool: 'attw' as const,
      code: p.kind,
      message: `${p.kind} at "${p.entrypoint ?? '.'}"${p.resolutionKind ? ` (${p.resolutionKind})` : ''}: see https://github.com/arethetypeswrong/arethetypeswrong.github.io/blob/main/docs/problems/${p.kind}.md`,
    }));
  if (problems.length === 0) {
    problems.push({ tool: 'attw', code: 'Failed', message: 'attw reported problems: run it on the tarball' });
  }
  return problems;
}
