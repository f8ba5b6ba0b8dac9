// schedules.html: the release schedule of each endpoint that has one (document 3), from x-release-schedule.
import { operationHref } from '../anchors.ts';
import { type Schedule, zoneName } from '../extensions.ts';
import { escapeHtml, inlineCode, page, type SiteContext } from '../html.ts';
import type { Operation } from '../operations.ts';

export function schedulesPage(site: SiteContext, schedules: Schedule[], operations: Operation[]): string {
  const zones = [...new Set(schedules.filter((s) => s.time).map((s) => s.timezone ?? ''))];
  const rows = schedules
    .map((s) => {
      const op = operations.find((o) => o.api === s.api && o.operationId === s.operationId);
      const endpoint = `<code>${escapeHtml(s.method)} ${escapeHtml(s.path)}</code>`;
      return `<tr><td>${op ? `<a href="${escapeHtml(operationHref(op))}">${endpoint}</a>` : endpoint}<br><span class="muted">${escapeHtml(s.summary)}</span></td><td>${escapeHtml(s.frequency)}</td><td>${escapeHtml(s.time ?? '')}${s.time && zones.length > 1 ? `<br><span class="muted">${escapeHtml(zoneName(s.timezone))}</span>` : ''}</td><td>${inlineCode(s.rule)}</td></tr>`;
    })
    .join('\n');
  const zoneText =
    zones.length === 1
      ? ` (times are ${escapeHtml(zoneName(zones[0]))}${zones[0] ? `, <code>${escapeHtml(zones[0])}</code>` : ''})`
      : '';
  const body = `<p>When is today's data there? The release schedule of each endpoint, from the <code>x-release-schedule</code>
extension of the spec${zoneText}. Before its release time, a call without a date (or month and year) answers the most
recent period already published.</p>
<table class="schedules"><thead><tr><th>Endpoint</th><th>Frequency</th><th>From</th><th>Rule</th></tr></thead><tbody>
${rows || '<tr><td colspan="4">No endpoint declares a release schedule.</td></tr>'}
</tbody></table>`;
  return page(site, 'schedules.html', 'Release schedules', body);
}
