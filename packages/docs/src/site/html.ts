// The frame of the site's own pages (not the Redoc pages). Links are relative so the site works from any
// sub-path, from plain static hosting and from file://.
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** Inline code spans (`x`) in otherwise plain text. */
export function inlineCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/**
 * Code text that may wrap only between its parts: a break opportunity after `<`, `(`, `[`, `{`, `,`, `|`, `&` and
 * `;` and before `=>`, never inside an identifier (a long type reads as `Record<string,`/`number>`, not `Reco`/`rd`).
 */
export function breakableCode(text: string): string {
  return text
    .split(/(?<=[<([{,|&;])|(?==>)/)
    .map(escapeHtml)
    .join('<wbr>');
}

export interface SiteContext {
  /** The release version every @assoc-feed package shares. */
  version: string;
  documents: { api: string; number: number; title: string }[];
}

function nav(site: SiteContext, current: string): string {
  const links = [
    ['index.html', 'Home'],
    ...site.documents.map((d) => [`${d.api}.html`, `Document ${d.number}`]),
    ['sdk.html', 'SDK'],
    ['inferred.html', 'Not shown: our choices'],
    ['schedules.html', 'Release schedules'],
    ['changelog.html', 'Changelog'],
    ['index.html#downloads', 'Downloads'],
  ];
  return links
    .map(
      ([href, label]) =>
        `<a href="${href}"${href === current ? ' aria-current="page"' : ''}>${escapeHtml(label as string)}</a>`,
    )
    .join('');
}

/**
 * The search box every page carries: a plain form that opens the landing page's search with the query (`?q=`),
 * so it works on the Redoc pages and from file:// without loading the index on every page.
 */
function searchForm(): string {
  return `<form class="site-search" role="search" action="index.html" method="get">
<label class="visually-hidden" for="site-q">Search the documents and the SDK</label>
<input id="site-q" name="q" type="search" placeholder="Search the documents and the SDK" autocomplete="off" spellcheck="false">
</form>`;
}

/** The bar at the top of every page, the Redoc pages included: the site's name, its navigation, the search. */
export function siteHeader(site: SiteContext, current: string): string {
  return `<header class="site-header">
  <p class="brand"><a href="index.html">Feed data service reference</a> <span class="version">v${escapeHtml(site.version)}</span></p>
  <nav>${nav(site, current)}</nav>
  ${current === 'index.html' ? '' : searchForm()}
</header>`;
}

/**
 * Each table cell gets its column's heading as `data-label`, so that on a narrow screen the stylesheet can show a
 * row as a card of labelled lines instead of squeezing every column into the width.
 */
export function labelTableCells(html: string): string {
  return html.replace(/<table\b[\s\S]*?<\/table>/g, (table) => {
    const head = /<thead>([\s\S]*?)<\/thead>/.exec(table)?.[1];
    if (!head) return table;
    const labels = [...head.matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)].map((m) =>
      escapeHtml(plainLabel(m[1] as string)),
    );
    return table
      .replace(/<tr\b[^>]*>[\s\S]*?<\/tr>/g, (row) => {
        let column = 0;
        return row.replace(/<td(?=[\s>])/g, () => {
          const label = labels[column++];
          return label ? `<td data-label="${label}"` : '<td';
        });
      })
      .replace(/<code>([^<]+)<\/code>/g, (_code, text: string) => `<code>${codeSegments(text)}</code>`);
  });
}

/**
 * Escaped code text as segments that never break inside (`<span class="seg">`), with a break opportunity
 * after each `/`, `.`, `?`, `&` and `,`: a long path wraps between its parts (`/feed/precos-indices/` | `v1/…`), never
 * at the hyphen of `precos-indices` (short code is one segment: `data-fim` never breaks at its hyphen).
 */
export function codeSegments(escaped: string): string {
  const parts = escaped.length <= 24 ? [escaped] : escaped.split(/(?<=\/|\.|\?|&amp;|,)/);
  return parts.map((part) => `<span class="seg">${part}</span>`).join('<wbr>');
}

function plainLabel(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
}

/** A page of the site: `file` is its own name (index.html), for the navigation's current mark. */
export function page(
  site: SiteContext,
  file: string,
  title: string,
  body: string,
  scripts: string[] = [],
): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Feed data service reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="assets/site.css">
</head>
<body>
${siteHeader(site, file)}
<main>
<h1>${escapeHtml(title)}</h1>
${labelTableCells(body)}
</main>
<footer>assoc-feed ${escapeHtml(site.version)} · generated from the OpenAPI specs of the three documents</footer>
${scripts.map((src) => `<script src="${src}"></script>`).join('\n')}
</body>
</html>
`;
}
