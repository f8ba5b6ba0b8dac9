// What an SDK page gives the site's search: one entry per exported name, option, error code, CLI command and
// flag, environment variable and guide section, each with the URL of its section. And the rule every SDK page
// must keep: it cites no file outside the repository (the TSDoc and texts it renders included).
import { homedir } from 'node:os';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';

export type SdkKind = 'api' | 'option' | 'error' | 'command' | 'flag' | 'env' | 'guide';

export interface SdkEntry {
  kind: SdkKind;
  /** What is searched most: the identifier, code, flag or heading. */
  name: string;
  title: string;
  /** More words to find it by (its TSDoc, description, type). */
  text: string;
  /** One line under the result: where it is and what it is. */
  sub: string;
  /** `sdk-clients.html#option-throwOnError` */
  url: string;
}

export interface SdkPage {
  file: string;
  title: string;
  html: string;
  entries: SdkEntry[];
}

/** The id of an exported name's section: `core.FeedError`, `mock-msw.createFeedHandlers`. */
export function apiAnchor(specifier: string, name: string): string {
  return `${specifier.replace(/^@assoc-feed\//, '').replace(/\//g, '-')}.${name}`;
}

const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/**
 * Texts a user's page must never show: files outside the repository, which a reader cannot open, and the build
 * machine's own paths (its home and checkout), which mean nothing on the reader's.
 */
const outsideFiles = [
  /EVIDENCE\.md/,
  /\.\.\/shared\b/,
  /\/work\/shared\b/,
  literal(`${homedir()}/`),
  literal(repoRoot),
];

/** Fails the build when an SDK page cites a file outside the repository, naming the page and the words. */
export function assertNoOutsideFiles(file: string, html: string): void {
  for (const pattern of outsideFiles) {
    const at = html.search(pattern);
    if (at >= 0) {
      const around = html.slice(Math.max(0, at - 80), at + 60).replace(/\s+/g, ' ');
      throw new Error(
        `docs: ${file} cites a file outside the repository (${pattern.source}): "…${around}…". ` +
          'Readers cannot open it: reword the TSDoc or text it comes from to say what the file says.',
      );
    }
  }
}
