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
<header>
  <p class="brand"><a href="index.html">Feed data service reference</a> <span class="version">v${escapeHtml(site.version)}</span></p>
  <nav>${nav(site, file)}</nav>
</header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
<footer>assoc-feed ${escapeHtml(site.version)} · generated from the OpenAPI specs of the three documents</footer>
${scripts.map((src) => `<script src="${src}"></script>`).join('\n')}
</body>
</html>
`;
}
