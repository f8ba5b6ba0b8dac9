// The README's list of every documented answer and the `Prefer` header that makes Prism give it, rendered from
// the operation table; `pnpm --filter @assoc-feed/mock readme` writes it between the markers and a test
// (readme.test.ts) fails when the README and the spec disagree.
import type { OperationTable } from './operation-table.js';

export const BEGIN =
  '<!-- prefer-list:begin (generated from the spec: pnpm --filter @assoc-feed/mock readme) -->';
export const END = '<!-- prefer-list:end -->';

const groupTitles: Record<string, string> = {
  flowA: 'Flow A token',
  input: 'Input family (flow B)',
  fundosV2: 'Document 1: v2 funds (`fundosV2`)',
  fundosV1: 'Document 2: v1 funds (`fundosV1`)',
  precosIndices: 'Document 3: pricing and indices (`precosIndices`)',
};

/** The Prefer header Prism reads to give `status` with the example `name`. */
export function preferHeader(status: string, name: string): string {
  return `code=${status}, example=${name}`;
}

export function renderPreferList(table: OperationTable): string {
  const lines: string[] = [];
  for (const [group, title] of Object.entries(groupTitles)) {
    const ops = table.operations.filter((op) => op.group === group);
    if (ops.length === 0) continue;
    const count = `${ops.length} operation${ops.length === 1 ? '' : 's'}`;
    lines.push(`<details><summary>${title}: ${count}</summary>`, '');
    lines.push('| operation | handler | status: examples (`Prefer: code=STATUS, example=NAME`) |');
    lines.push('| --- | --- | --- |');
    for (const op of ops) {
      const answers = Object.entries(op.responses)
        .map(
          ([status, named]) =>
            `${status}: ${Object.keys(named)
              .map((n) => `\`${n}\``)
              .join(', ')}`,
        )
        .join('<br>');
      lines.push(`| \`${op.method.toUpperCase()} ${op.path}\` | \`${op.group}.${op.name}\` | ${answers} |`);
    }
    lines.push('', '</details>', '');
  }
  return lines.join('\n');
}

/** The README with the list between the markers replaced; throws when a marker is missing. */
export function withPreferList(readme: string, list: string): string {
  const start = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`the README lacks the markers ${BEGIN} … ${END}`);
  return `${readme.slice(0, start + BEGIN.length)}\n\n${list}\n${readme.slice(end)}`;
}
