// Test support: the links a page holds that lead into the site, and which of them do not answer under its
// sub-path (plain static hosting: a root-relative link would leave the sub-path).

export interface LinkCheck {
  /** The distinct same-site targets, without their hash. */
  targets: string[];
  /** One line per target outside the sub-path or not answering 200. */
  broken: string[];
}

/** Checks links (absolute, as the browser resolved them) against the site at siteUrl (ending in "/"). */
export async function checkLinks(hrefs: Iterable<string>, siteUrl: string): Promise<LinkCheck> {
  const targets = new Set<string>();
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== new URL(siteUrl).origin) continue; // external (the API host, redocly.com)
    url.hash = '';
    targets.add(url.href);
  }
  const broken: string[] = [];
  for (const target of targets) {
    if (!target.startsWith(siteUrl)) broken.push(`${target} (outside the sub-path)`);
    const response = await fetch(target);
    if (response.status !== 200) broken.push(`${target}: ${response.status}`);
  }
  return { targets: [...targets], broken };
}
