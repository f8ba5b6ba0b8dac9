// The SDK pages within the site: their search entries, and a check that every link into an SDK page (from any
// page of the site's own) lands on a section that exists, so a renamed export or flag breaks the build, not
// the reader's click.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchDoc } from '../search-index.ts';
import type { SdkPage } from './entries.ts';

export function sdkSearchDocuments(pages: readonly SdkPage[]): SearchDoc[] {
  const seen = new Set<string>();
  const docs: SearchDoc[] = [];
  for (const p of pages) {
    for (const e of p.entries) {
      const id = `sdk:${e.url}`;
      if (seen.has(id)) continue;
      seen.add(id);
      docs.push({
        id,
        kind: e.kind,
        name: e.name,
        title: e.title,
        path: '',
        text: e.text.replace(/[`*]/g, ' ').replace(/\s+/g, ' ').trim(),
        doc: 'SDK',
        sub: e.sub,
        url: e.url,
        refs: [],
      });
    }
  }
  return docs;
}

/** Fails when a page of `dist` links an SDK page's section that is not there. */
export function checkSdkLinks(dist: string, pages: readonly SdkPage[]): void {
  const ids = new Map(
    pages.map((p) => [p.file, new Set([...p.html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]))]),
  );
  const broken: string[] = [];
  const files = readdirSync(dist).filter((f) => f.endsWith('.html') && !/^(fundos|precos)/.test(f));
  for (const file of files) {
    const html = readFileSync(join(dist, file), 'utf8');
    for (const m of html.matchAll(/href="(sdk[\w-]*\.html)(?:#([^"]*))?"/g)) {
      const [, target = '', hash] = m;
      const known = ids.get(target);
      if (!known) broken.push(`${file} → ${target} (no such SDK page)`);
      else if (hash && !known.has(hash.replace(/&amp;/g, '&'))) broken.push(`${file} → ${target}#${hash}`);
    }
  }
  if (broken.length)
    throw new Error(`docs: links to SDK sections that do not exist:\n  ${broken.join('\n  ')}`);
}
