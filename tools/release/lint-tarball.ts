// The two package linters, on the tarball a release would publish: publint (package.json against the files:
// exports, formats, bins) and Are The Types Wrong (types as TypeScript resolves them, ESM-only profile: these
// packages are ESM, `require` and node10 resolution are out of scope).
import { readFileSync } from 'node:fs';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { entrypoints, hasCode } from './entrypoints.ts';
import type { Manifest } from './workspace.ts';

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
const ignoreResolutions = ['node10', 'node16-cjs'];

/** The verdict of attw's CLI (`attw <tarball> --profile esm-only`), computed in this process by the library the
 * CLI runs on: one TypeScript load for every tarball instead of one process each. A package with code but no
 * types at all passes attw (nothing to check), so that is a problem here. Data-only packages (no code entry
 * point) are not analysed, nor the data entry points of a package with code (@assoc-feed/specs' YAML files:
 * types have nothing to say about them). */
export async function runAttw(tarball: string, manifest: Manifest): Promise<LintProblem[]> {
  if (!hasCode(manifest)) return [];
  const excludeEntrypoints = entrypoints(manifest)
    .filter((entry) => entry.kind === 'data')
    .map((entry) => `.${entry.specifier.slice(manifest.name.length)}`);
  let analysis: Awaited<ReturnType<typeof checkPackage>>;
  try {
    const pkg = createPackageFromTarballData(new Uint8Array(readFileSync(tarball)));
    analysis = await checkPackage(pkg, { excludeEntrypoints });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return [{ tool: 'attw', code: 'ToolError', message: `attw failed to run: ${message}` }];
  }
  if (!analysis.types) {
    return [
      {
        tool: 'attw',
        code: 'NoTypes',
        message:
          'the package has JavaScript entry points but no type declarations: emit .d.ts ("declaration": true) and point a "types" condition at them',
      },
    ];
  }
  // What the CLI's exit code counts: every problem but those of the resolutions the profile leaves out.
  return analysis.problems
    .filter((p) => !('resolutionKind' in p) || !ignoreResolutions.includes(p.resolutionKind))
    .map((p) => {
      const at = 'entrypoint' in p ? p.entrypoint : '.';
      const kind = 'resolutionKind' in p ? ` (${p.resolutionKind})` : '';
      return {
        tool: 'attw' as const,
        code: p.kind,
        message: `${p.kind} at "${at}"${kind}: see https://github.com/arethetypeswrong/arethetypeswrong.github.io/blob/main/docs/problems/${p.kind}.md`,
      };
    });
}
