import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** Repository root, from this file's place in packages/specs/tooling/bundle/. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The documents, in order, as redocly.yaml names them: the one list every script reads. */
export function apiNames(): string[] {
  const config = parse(readFileSync(`${repoRoot}redocly.yaml`, 'utf8')) as { apis: Record<string, unknown> };
  return Object.keys(config.apis);
}

/** Where the bundled specs land: @assoc-feed/specs's dist/. */
export const specsDist = fileURLToPath(new URL('../../dist/', import.meta.url));
export const joinedName = 'feed';
