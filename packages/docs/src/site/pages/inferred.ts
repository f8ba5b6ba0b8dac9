// inferred.html: every x-inferred choice ("not shown" in the documents), grouped by document, with what it rests
// on (its basis and evidence); a choice made on or inside an operation links to that operation on its Redoc page.
// The basis filter is radio buttons and CSS (:has), so it works offline and without JavaScript.
import { operationHref } from '../anchors.ts';
import {
  type BasisKind,
  basisBadge,
  basisKind,
  basisKinds,
  countByBasis,
  type Inferred,
  inferredRowId,
} from '../extensions.ts';
import { codeSegments, escapeHtml, inlineCode, page, type SiteContext } from '../html.ts';
import type { Operation } from '../operations.ts';
import { componentOf } from '../usage.ts';

export interface InferredGroup {
  api: string;
  number: number;
  title: string;
  choices: Inferred[];
  operations: Operation[];
  /** The operations that use each component (usage.ts), for choices made on shared schemas. */
  users: Map<string, Operation[]>;
}

const SHOWN_USERS = 3;

function opLink(op: Operation): string {
  return `<a href="${escapeHtml(operationHref(op))}">${escapeHtml(op.summary)}</a>`;
}

function row(group: InferredGroup, x: Inferred): string {
  const op =
    x.operation &&
    group.operations.find((o) => o.path === x.operation?.path && o.method === x.operation.method);
  const component = componentOf(x.pointer);
  const users = component ? (group.users.get(component) ?? []) : [];
  let where: string;
  if (op) {
    where = `<a href="${escapeHtml(operationHref(op))}">${codeSegments(escapeHtml(x.where))}</a><br><span class="muted">${escapeHtml(op.summary)}</span>`;
  } else if (users.length) {
    const more = users.length > SHOWN_USERS ? ` and ${users.length - SHOWN_USERS} more` : '';
    where = `${codeSegments(escapeHtml(x.where))}<br><span class="muted">used by ${users.slice(0, SHOWN_USERS).map(opLink).join(', ')}${more}</span>`;
  } else {
    where = `<a href="${group.api}.html">${codeSegments(escapeHtml(x.where))}</a>`;
  }
  const evidence = x.evidence ? `<br><span class="muted">${inlineCode(x.evidence)}</span>` : '';
  const badge = `<br><span class="inferred-badge" data-basis="${basisKind(x.basis)}">${escapeHtml(basisBadge(x.basis))}</span>`;
  return `<tr id="${escapeHtml(inferredRowId(group.api, x.pointer))}" data-basis="${basisKind(x.basis)}"><td>${where}</td><td>${inlineCode(x.choice)}</td><td>${inlineCode(x.reason)}</td><td>${escapeHtml(x.basis)}${badge}${evidence}</td></tr>`;
}

export const basisLabels: Record<BasisKind, string> = {
  document: 'the documents',
  'public-clients': 'public clients of the real service',
  guess: 'a guess',
};

function basisFilter(choices: readonly Inferred[]): string {
  const counts = countByBasis(choices);
  const option = (value: string, label: string, count: number, checked = false) =>
    `<label><input type="radio" name="basis" value="${value}"${checked ? ' checked' : ''}> ${escapeHtml(label)} (${count})</label>`;
  return `<fieldset class="basis-filter"><legend>Show the choices that rest on</legend>
${option('all', 'anything', choices.length, true)}
${basisKinds.map((k) => option(k, basisLabels[k], counts[k])).join('\n')}
</fieldset>`;
}

export function inferredPage(site: SiteContext, groups: InferredGroup[]): string {
  const all = groups.flatMap((g) => g.choices);
  const total = all.length;
  const sections = groups
    .map(
      (
        g,
      ) => `<h2 id="${g.api}">Document ${g.number}: ${escapeHtml(g.title)} <span class="muted">(${g.choices.length})</span></h2>
${
  g.choices.length
    ? `<table class="choices"><thead><tr><th>Where</th><th>Our choice</th><th>Why</th><th>Basis</th></tr></thead><tbody>
${g.choices.map((x) => row(g, x)).join('\n')}
</tbody></table>`
    : '<p>No choice in this document.</p>'
}`,
    )
    .join('\n');
  const body = `<p>Where a document says "not shown" (or is silent on something a client must know), the spec carries the most
plausible form, marked with the <code>x-inferred</code> extension: what we chose and why. This page lists all
${total} of them; the reference pages repeat each one where it applies. If the service turns out to differ, the
spec changes, and with it the clients, the mock and these pages.</p>
<p>Each choice names its <strong>basis</strong>: <em>document</em> (the documents state or imply it, also where a
document wins over conflicting evidence), <em>public clients (N)</em> (N independent public client libraries,
written against the real service, read it so) or <em>guess</em> (nothing beyond plausibility; an analogy with
another endpoint is a guess, and counts no client). Under a basis, the evidence says in a line what those clients
read.</p>
${basisFilter(all)}
<p>${groups.map((g) => `<a href="#${g.api}">Document ${g.number}</a> (${g.choices.length})`).join(' · ')}</p>
${sections}`;
  return page(site, 'inferred.html', 'Not shown in the documents: our choices', body);
}
