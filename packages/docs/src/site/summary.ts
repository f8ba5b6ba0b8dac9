// One line that says what a document covers: info.summary when the spec has one (OpenAPI 3.1), else the first
// sentence of info.description, cut at its first clause when it runs long.
import type { Json } from './inputs.ts';

const MAX = 170;

export function oneLineSummary(spec: Json): string {
  const info = (spec.info as Json | undefined) ?? {};
  if (typeof info.summary === 'string' && info.summary.trim()) return info.summary.trim();
  const paragraph =
    String(info.description ?? '')
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s+/g, ' ').trim())
      .find((p) => p && !p.startsWith('#')) ?? '';
  const sentence = paragraph.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? paragraph;
  if (sentence.length <= MAX) return sentence;
  const clause = sentence.slice(0, MAX).match(/^(.{40,}?)[:;—]/)?.[1];
  if (clause) return `${clause.trim()}.`;
  return `${sentence.slice(0, MAX).replace(/\s+\S*$/, '')}…`;
}
