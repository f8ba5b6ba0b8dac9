// The bond-index families come twice, under `/indices/` and `/indices-mais/`: an assistant needs to know which of
// two twins to call. What tells them apart is read from their answers: the fields one has that the other lacks
// (the `indices-mais` results of IMA, IDA and IHFA add each index's components), or none.
import { answerShape } from './answer-shape.js';
import type { Entry } from './catalog.js';

const PLAIN = '/indices/';
const MORE = '/indices-mais/';

/** The other of two twins, if the operation has one among `entries`. */
export function twinOf(entry: Entry, entries: readonly Entry[]): Entry | undefined {
  const { path } = entry.op;
  const other = path.includes(MORE)
    ? path.replace(MORE, PLAIN)
    : path.includes(PLAIN)
      ? path.replace(PLAIN, MORE)
      : undefined;
  return other ? entries.find((e) => e.op.path === other) : undefined;
}

/** The top-level fields `more` has that `plain` lacks (`componentes`). */
function added(plain: Entry, more: Entry): string[] {
  const names = (e: Entry) => answerShape(e).fields.map((f) => f.name.split(/[.[]/)[0] as string);
  const had = new Set(names(plain));
  return [...new Set(names(more))].filter((n) => !had.has(n));
}

/** How two twins differ, in one sentence naming both. */
export function twinText(entry: Entry, twin: Entry): string {
  const [plain, more] = entry.op.path.includes(MORE) ? [twin, entry] : [entry, twin];
  const extra = added(plain, more);
  return extra.length
    ? `${more.id} (indices-mais) answers what ${plain.id} (indices) does and adds ${extra.join(', ')}: call ` +
        `indices-mais when you need ${extra.length === 1 ? 'it' : 'them'}, indices otherwise.`
    : `${plain.id} (indices) and ${more.id} (indices-mais) answer the same fields: either serves.`;
}

/** One line per pair of twins among the operations found, or none. */
export function twinLines(found: readonly Entry[]): string[] {
  const lines: string[] = [];
  for (const entry of found) {
    if (!entry.op.path.includes(PLAIN)) continue;
    const twin = twinOf(entry, found);
    if (twin) lines.push(`- ${twinText(entry, twin)}`);
  }
  return lines.length ? ['Twins (the same data under /indices/ and /indices-mais/):', ...lines] : [];
}
