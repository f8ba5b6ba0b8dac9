// describe_operation's answer: what an assistant needs to fill call_operation correctly (each parameter with its
// type and limits, the rules between parameters, how the list pages) and to read the answer (each field's meaning
// and unit, from the spec's descriptions), with the release time and the spec's inferred choices marked.
import { type Json, parameterSchema, requiredTogether } from '@assoc-feed/specs/model';
import { answerShape, inferredText, typeLabel } from './answer-shape.js';
import type { Entry } from './catalog.js';
import { paging } from './paging.js';
import { twinOf, twinText } from './twins.js';
import { INFERRED_UNITS, unitLabel, unitOf } from './units.js';

const months = (n: unknown) => `${n} month${n === 1 ? '' : 's'}`;
const oneLine = (text: unknown) => (typeof text === 'string' ? text.trim().replace(/\s+/g, ' ') : '');

function parameterLine(entry: Entry, p: Json & { name: string; in: string; required?: boolean }): string {
  const schema = entry.model.deref<Json>(p.schema ?? {});
  const facts = [p.in, p.required ? 'required' : 'optional', typeLabel(entry.model, schema)];
  // The limits as the client and the sandbox check them (the spec model's one reading, allOf parts included).
  const limits = parameterSchema(entry.model, p.schema);
  if (typeof limits.minimum === 'number') facts.push(`minimum ${limits.minimum}`);
  if (typeof limits.maximum === 'number') facts.push(`maximum ${limits.maximum}`);
  if (typeof limits.minLength === 'number') facts.push(`at least ${limits.minLength} characters`);
  if (limits.default !== undefined) facts.push(`default ${JSON.stringify(limits.default)}`);
  const example = p.example ?? schema.example;
  if (example !== undefined) facts.push(`example ${JSON.stringify(example)}`);
  const inferred = inferredText(p['x-inferred']);
  const description = oneLine(p.description ?? schema.description);
  return `- ${p.name} (${facts.join('; ')})${description ? `: ${description}` : ''}${inferred ? ` [inferred: ${inferred}]` : ''}`;
}

function rules(entry: Entry): string[] {
  const out: string[] = [];
  for (const group of requiredTogether(entry.op)) {
    out.push(`- ${group.join(' and ')} must be sent together, or none of them.`);
  }
  const window = entry.op.extensions['x-date-window'] as Json | undefined;
  if (window) {
    const parts = [`- ${window.start} to ${window.end}`];
    if (typeof window.maxMonths === 'number') parts.push(`covers at most ${window.maxMonths} months`);
    const byDefault = window.defaultWhenNoDates as Json | undefined;
    if (byDefault) parts.push(`with neither: the ${months(byDefault.months)} ending ${byDefault.endsAt}`);
    const onlyEnd = window.startWhenOnlyEnd as Json | undefined;
    if (onlyEnd) parts.push(`with ${window.end} only: from ${months(onlyEnd.monthsBeforeEnd)} before it`);
    const onlyStart = window.endWhenOnlyStart as Json | undefined;
    if (onlyStart) parts.push(`with ${window.start} only: to ${months(onlyStart.monthsAfterStart)} after it`);
    if (window.swapWhenStartAfterEnd === true) parts.push(`a start after the end is swapped`);
    out.push(`${parts.join('; ')}.`);
  }
  return out;
}

function release(entry: Entry): string | undefined {
  const schedule = entry.op.extensions['x-release-schedule'] as Json | undefined;
  if (!schedule) return undefined;
  const rule = oneLine(schedule.rule) || oneLine(schedule.frequency);
  const zone = schedule.timezone ? ` (${String(schedule.timezone)})` : '';
  return `Release of its data: ${rule}${schedule.time && !rule.includes(String(schedule.time)) ? ` from ${schedule.time}` : ''}${zone}.`;
}

/** The description without its "Release:" paragraph: the release line says it once, from x-release-schedule. */
function withoutRelease(description: string, entry: Entry): string {
  if (!entry.op.extensions['x-release-schedule']) return description;
  return description
    .split(/\n\s*\n/)
    .filter((paragraph) => !/^Release\b/i.test(paragraph.trim()))
    .join('\n\n');
}

/** `entries`: the operations offered, to name a twin under the other path set. */
export function describeOperation(entry: Entry, entries: readonly Entry[] = []): string {
  const { op } = entry;
  const lines: string[] = [
    `${entry.id}: ${op.label} (document ${entry.document}${op.documentId ? `, ${op.documentId}` : ''})`,
  ];
  if (op.node.summary) lines.push(`Summary: ${oneLine(op.node.summary)}`);
  const discontinued = op.extensions['x-discontinued'] as Json | undefined;
  if (op.deprecated || discontinued) {
    lines.push(
      `DEPRECATED${discontinued?.since ? ` (discontinued since ${discontinued.since})` : ''}${discontinued?.note ? `: ${oneLine(discontinued.note)}` : ''}`,
    );
  }
  if (entry.notCallable) lines.push(`This operation is ${entry.notCallable}.`);
  const description =
    typeof op.node.description === 'string' ? withoutRelease(op.node.description.trim(), entry) : '';
  if (description) lines.push('', description);
  const when = release(entry);
  if (when) lines.push('', when);
  const twin = twinOf(entry, entries);
  if (twin) lines.push('', `Twin: ${twinText(entry, twin)}`);

  const params = op.parameters.filter((p) => p.in === 'path' || p.in === 'query');
  lines.push(
    '',
    params.length ? 'Parameters (call_operation: path for "path", query for "query"):' : 'Parameters: none.',
  );
  for (const p of params) lines.push(parameterLine(entry, p));
  const ruleLines = rules(entry);
  if (ruleLines.length) lines.push('', 'Rules between parameters:', ...ruleLines);

  const shape = answerShape(entry);
  const pages = paging(entry);
  if (pages?.kind === 'page') {
    lines.push(
      '',
      `Paging: by page number (query ${pages.pageParam}, from 0; ${pages.sizeParam} up to ${pages.maxSize}). ` +
        `call_operation reads from page 0 up to max_records; with ${pages.pageParam} in the query it reads that page only.`,
    );
  } else if (pages?.kind === 'cursor') {
    lines.push(
      '',
      `Paging: by cursor (query ${pages.cursorParam}: the next cursor of the previous answer; ${pages.sizeParam} up to ${pages.maxSize}). ` +
        `call_operation reads from the start up to max_records; with ${pages.cursorParam} in the query it reads that answer only.`,
    );
  }

  const ok = (
    {
      page: 'a page envelope; each record of the list',
      cursor: 'a page envelope read by cursor; each record of the list',
      array: 'a list of records, all at once (not paged); each record',
      object: 'one object',
      none: 'no JSON body',
    } as const
  )[shape.kind];
  lines.push('', `Answer (200): ${ok}${shape.fields.length ? ' has these fields:' : '.'}`);
  if (shape.description) lines.push(shape.description);
  for (const f of shape.fields) {
    const unit = unitLabel(f);
    const mark = `${f.required ? '' : ', optional'}${unit ? `; ${unit}` : ''}${f.inferred ? `; inferred: ${f.inferred}` : ''}`;
    lines.push(`- ${f.name} (${f.type}${mark})${f.description ? `: ${f.description}` : ''}`);
  }
  if (shape.fields.some((f) => unitOf(f)?.basis === 'inferred')) lines.push(INFERRED_UNITS);

  const inferred = inferredText(op.extensions['x-inferred']);
  if (inferred) {
    lines.push(
      '',
      `Inferred choice (the documents are silent here; the spec marks it x-inferred): ${inferred}`,
    );
  }
  return lines.join('\n');
}
