// Every check on one packed package: its file list, its metadata (repository, homepage, bugs, readme), publint
// and Are The Types Wrong.
import { statSync } from 'node:fs';
import { checkContents } from './contents.ts';
import { type LintProblem, runAttw, runPublint } from './lint-tarball.ts';
import { checkMetadata } from './metadata.ts';
import type { Packed } from './pack.ts';

export interface PackageProblem {
  tool: 'contents' | 'metadata' | LintProblem['tool'];
  code: string;
  message: string;
}

export interface PackageVerdict {
  name: string;
  tarball: string;
  files: number;
  bytes: number;
  problems: PackageProblem[];
  suggestions: string[];
}

export async function checkPackage(packed: Packed): Promise<PackageVerdict> {
  const contents = checkContents(packed.manifest, packed.files).map((p) => ({
    tool: 'contents' as const,
    code: p.rule,
    message: p.message,
  }));
  const metadata = checkMetadata(packed.manifest, packed.files).map((p) => ({
    tool: 'metadata' as const,
    code: p.rule,
    message: p.message,
  }));
  const [publint, attw] = await Promise.all([
    runPublint(packed.tarball),
    runAttw(packed.tarball, packed.manifest),
  ]);
  return {
    name: packed.manifest.name,
    tarball: packed.tarball,
    files: packed.files.length,
    bytes: statSync(packed.tarball).size,
    problems: [...contents, ...metadata, ...publint.problems, ...attw],
    suggestions: publint.suggestions,
  };
}
