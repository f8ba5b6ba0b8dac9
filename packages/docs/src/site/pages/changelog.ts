// changelog.html: the released versions (CHANGELOG.md written by changesets), or "no release yet", and the
// changes waiting for the next release (.changeset/*.md).
import { groupBump, type PendingChange } from '../changelog.ts';
import { escapeHtml, page, type SiteContext } from '../html.ts';
import { renderMarkdown } from '../markdown.ts';

export async function changelogPage(
  site: SiteContext,
  released: string | undefined,
  pending: PendingChange[],
): Promise<string> {
  const releasedHtml = released
    ? `<div class="changelog">${await renderMarkdown(released.replace(/^# .*\n/, ''))}</div>`
    : `<p id="no-release"><strong>No release yet.</strong> The packages are at version ${escapeHtml(site.version)} and
no <code>CHANGELOG.md</code> has been written: <code>pnpm changeset version</code> writes it from the pending changes
below when the first release is cut.</p>`;
  const bump = groupBump(pending);
  const pendingHtml = pending.length
    ? `<h2 id="pending">Pending: the next release</h2>
<p>${pending.length} change${pending.length === 1 ? '' : 's'} waiting in <code>.changeset/</code>${bump ? `; together they make a <strong>${escapeHtml(bump)}</strong> release of every <code>@assoc-feed</code> package (one fixed version group)` : ''}.</p>
${(
  await Promise.all(
    pending.map(
      async (c) => `<div class="card">
${await renderMarkdown(c.summary)}
<p class="muted">${escapeHtml(c.file)} · ${Object.entries(c.bumps)
        .map(([pkg, b]) => `<code>${escapeHtml(pkg)}</code> ${escapeHtml(b)}`)
        .join(', ')}</p>
</div>`,
    ),
  )
).join('\n')}`
    : '<p>No pending change.</p>';
  const body = `<p>Specs, clients, core, mock and docs share one version (a fixed changesets group), so one changelog tells
what changed for all of them.</p>
${released ? '<h2>Released</h2>' : ''}
${releasedHtml}
${pendingHtml}`;
  return page(site, 'changelog.html', 'Changelog', body);
}
