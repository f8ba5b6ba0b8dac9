export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Inline code spans (`x`) in otherwise plain text. */
export function inlineCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

const style = `
  body { font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; color: #1d2430; background: #fafbfc; }
  header { background: #0b3d5c; color: #fff; padding: 1.2rem 2rem; }
  header a { color: #cfe8ff; }
  main { max-width: 70rem; margin: 0 auto; padding: 1rem 2rem 3rem; }
  h1 { margin: 0; font-size: 1.6rem; } h2 { margin-top: 2rem; }
  table { border-collapse: collapse; width: 100%; background: #fff; }
  th, td { border: 1px solid #dde3ea; padding: .45rem .6rem; text-align: left; vertical-align: top; font-size: .93rem; }
  th { background: #eef3f8; }
  code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .9em; }
  pre { background: #0f1a24; color: #e6edf3; padding: 1rem; overflow-x: auto; border-radius: 6px; }
  .docs { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1rem; }
  .card { background: #fff; border: 1px solid #dde3ea; border-radius: 8px; padding: 1rem; }
  nav a { margin-right: 1rem; }
  .muted { color: #5b6776; font-size: .9rem; }
`;

/** A page of the site. Links are relative so the site works from any sub-path and from file://. */
export function page(title: string, body: string, version: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Feed data service</title>
<style>${style}</style>
</head>
<body>
<header>
  <h1>Feed data service reference</h1>
  <nav><a href="index.html">Home</a><a href="fundos-v2.html">Document 1</a><a href="fundos-v1.html">Document 2</a><a href="precos-indices.html">Document 3</a><a href="inferred.html">Not shown: our choices</a><a href="schedules.html">Release schedules</a></nav>
</header>
<main>
${body}
<p class="muted">assoc-feed ${escapeHtml(version)}</p>
</main>
</body>
</html>
`;
}
