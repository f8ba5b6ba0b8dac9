// An API as HTML: a section per exported name (its TSDoc, its declaration, its members with theirs), each with
// an id and a search entry. Shared by the pages of the clients, the mock, the sandbox and the specs.
import { breakableCode, escapeHtml, inlineCode } from '../html.ts';
import type { ApiEntry, ApiItem, ApiMember, ApiPackage } from './api-reference.ts';
import { apiAnchor, type SdkEntry } from './entries.ts';

/** TSDoc (plain text with `code` spans and blank-line paragraphs) as HTML paragraphs. */
export function docHtml(doc: string): string {
  return doc
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${inlineCode(p.replace(/\s*\n\s*/g, ' '))}</p>`)
    .join('\n');
}

/**
 * The first sentence of a TSDoc, for a search result's line: it ends at a full stop followed by a space (a colon
 * or a semicolon ends none: `throwOnError: true` is not a sentence's end); longer than `max`, it is cut at the
 * last word boundary before it, with an ellipsis.
 */
export function firstSentence(doc: string, max = 200): string {
  const text = doc.replace(/`/g, '').replace(/\s+/g, ' ').trim();
  const end = /^.{20,}?(?<!\b(?:e\.g|i\.e|etc|vs))\.(?=\s|$)/.exec(text);
  const sentence = end ? end[0] : text;
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max + 1).replace(/\s+\S*$/, '');
  return `${cut.replace(/[\s,;:(–-]+$/, '')}…`;
}

export function membersTable(members: readonly ApiMember[], idOf: (m: ApiMember) => string): string {
  if (!members.length) return '';
  const rows = members
    .map(
      (m) =>
        `<tr id="${escapeHtml(idOf(m))}"><td><code>${escapeHtml(m.name)}${m.optional ? '?' : ''}</code></td><td><code class="type">${breakableCode(m.type)}</code></td><td>${docHtml(m.doc) || '<span class="muted">—</span>'}</td></tr>`,
    )
    .join('\n');
  return `<table class="members"><thead><tr><th>Name</th><th>Type</th><th>What</th></tr></thead><tbody>
${rows}
</tbody></table>`;
}

/** Names that are generated from the spec or compiled from it: listed in one line, not each its own section. */
const compact = (item: ApiItem) =>
  /^v\d+$/.test(item.name) || /^generated from the spec/.test(item.declaration);

export interface RenderedApi {
  html: string;
  entries: SdkEntry[];
}

/**
 * The entry points of a package, each with its names. `pageOf` gives the page that documents a package (for
 * re-exported names, which link to where they are defined); `membersAt` may claim an item's members for a
 * section of its own (the client options), returning the link to it.
 */
export function renderPackageApi(
  pkg: ApiPackage,
  page: string,
  pageOf: (packageName: string) => string,
  membersAt: (item: ApiItem, specifier: string) => string | undefined = () => undefined,
): RenderedApi {
  const entries: SdkEntry[] = [];
  const parts: string[] = [];
  for (const entry of pkg.entries) {
    parts.push(
      `<h3 class="entry" id="module-${escapeHtml(entry.specifier.replace(/^@assoc-feed\//, '').replace(/\//g, '-'))}"><code>${escapeHtml(entry.specifier)}</code></h3>`,
    );
    parts.push(renderEntry(entry, page, pageOf, membersAt, entries));
  }
  return { html: parts.join('\n'), entries };
}

function renderEntry(
  entry: ApiEntry,
  page: string,
  pageOf: (packageName: string) => string,
  membersAt: (item: ApiItem, specifier: string) => string | undefined,
  entries: SdkEntry[],
): string {
  const own = entry.items.filter((i) => !i.reexportedFrom && !compact(i));
  const reexported = entry.items.filter((i) => i.reexportedFrom);
  const generated = entry.items.filter((i) => !i.reexportedFrom && compact(i));
  const out: string[] = [];
  if (reexported.length) {
    const byPackage = new Map<string, ApiItem[]>();
    for (const item of reexported)
      byPackage.set(item.reexportedFrom as string, [
        ...(byPackage.get(item.reexportedFrom as string) ?? []),
        item,
      ]);
    for (const [from, items] of byPackage) {
      const links = items
        .map((i) => {
          const href = `${pageOf(from)}#${apiAnchor(from, i.originalName ?? i.name)}`;
          const as = i.originalName ? ` (as <code>${escapeHtml(i.name)}</code>)` : '';
          return `<a href="${escapeHtml(href)}"><code>${escapeHtml(i.originalName ?? i.name)}</code></a>${as}`;
        })
        .join(', ');
      out.push(
        `<p class="reexports">Also exported here, from <code>${escapeHtml(from)}</code>: ${links}.</p>`,
      );
    }
  }
  if (generated.length) {
    out.push(
      `<p class="muted">Generated from the spec: ${generated.map((i) => `<code id="${escapeHtml(apiAnchor(entry.specifier, i.name))}">${escapeHtml(i.name)}</code>`).join(', ')}.</p>`,
    );
  }
  for (const item of own) {
    const id = apiAnchor(entry.specifier, item.name);
    const elsewhere = item.members.length ? membersAt(item, entry.specifier) : undefined;
    const members = elsewhere
      ? `<p>Its members, each with what it does: <a href="${escapeHtml(elsewhere)}">${escapeHtml(elsewhere.split('#')[1] ?? '')}</a>.</p>`
      : item.members.some((m) => m.doc)
        ? membersTable(item.members, (m) => `${id}.${m.name}`)
        : '';
    out.push(`<section class="api" id="${escapeHtml(id)}">
<h4><code>${escapeHtml(item.name)}</code> <span class="api-kind">${escapeHtml(item.kind)}</span></h4>
${docHtml(item.doc)}
<pre class="decl">${escapeHtml(item.declaration)}</pre>
${members}
</section>`);
    entries.push({
      kind: 'api',
      name: item.name,
      title: item.name,
      text: [item.doc, item.kind].join(' '),
      sub: `${item.kind} of ${entry.specifier}${item.doc ? `: ${firstSentence(item.doc)}` : ''}`,
      url: `${page}#${id}`,
    });
  }
  return out.join('\n');
}
