// list_operations' search: the operations ranked for an analyst's words. Word-based (so "IMA" never matches
// inside another word), accent- and case-insensitive, singular and plural alike, and across both languages the
// documents use (glossary.ts): over each operation's summary, operationId, tags, path, document id, and its
// answer's field names and their descriptions (so `valor_cota` or "indicative rate" find the operation that
// answers them).
import { answerShape } from './answer-shape.js';
import type { Entry } from './catalog.js';
import { sameAs } from './glossary.js';

/** How much a word found in each place counts: the summary says what an operation is for; a field only what it holds. */
const WEIGHTS = {
  summary: 3,
  description: 1,
  id: 2,
  tags: 2,
  path: 2,
  documentId: 2,
  fieldName: 1.5,
  fieldDescription: 0.5,
} as const;

/** A glossary word counts less than the word itself. */
const SYNONYM = 0.7;
/**
 * Of twins that answer the same words (`/indices/…` and `/indices-mais/…`), the index-level set comes first: the
 * `indices-mais` one adds each index's components, and ranks first when those are asked for.
 */
const TWIN_WITH_COMPONENTS = 0.99;
/** A word found in several kinds of place (summary, fields, path…) is central to the operation: each adds a part. */
const OTHER_PLACES = 0.1;
/** Two of the query's words side by side, as the operation writes them ("indicative rate", `valor_cota`). */
const PHRASE = 2;
/** A deprecated operation (the discontinued v1, the beta) ranks below a current one that answers the same words. */
const DEPRECATED = 0.4;
/**
 * The batch lists (E7, E8) answer every fund at once, for a copy of the whole list: a question about one fund
 * ranks the per-fund operation first; asking for a batch (or "all") still finds them first by that word.
 */
const BATCH = 0.8;

const STOP = new Set(
  (
    'a an the of for in on at to by and or what which how is are was were be do does did get give show me i my ' +
    'with from this that these those its it there any some per each whose who when where can could would want ' +
    'find look up de da do dos das e o os as um uma em no na nos nas para por com qual quais como'
  ).split(' '),
);

/** A word as search compares it: lower case, accents off, plural to singular (Portuguese and English). */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('oes')) return `${word.slice(0, -3)}ao`;
  if (word.endsWith('ais')) return `${word.slice(0, -3)}al`;
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The words of a text: camelCase and every non-letter split, accents off, lower case, singular. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(stem);
}

type Kind = keyof typeof WEIGHTS;
/** Each word of an operation and the places (kinds) it is found in; and the texts whose word order counts. */
interface Index {
  words: Map<string, Set<Kind>>;
  phrases: string[][];
}

function add(index: Index, text: unknown, kind: Kind): void {
  if (typeof text !== 'string') return;
  const list = words(text);
  for (const word of list) {
    const kinds = index.words.get(word);
    if (kinds) kinds.add(kind);
    else index.words.set(word, new Set([kind]));
  }
  if (kind === 'summary' || kind === 'description' || kind === 'fieldName') index.phrases.push(list);
}

/** Whether two query words stand next to each other, in this order, in a summary, description or field name. */
function together(index: Index, first: string, second: string): boolean {
  const a = new Set(sameAs(first));
  const b = new Set(sameAs(second));
  return index.phrases.some((list) => list.some((w, i) => a.has(w) && b.has(list[i + 1] ?? '')));
}

const indexes = new WeakMap<Entry, Index>();

function indexOf(entry: Entry): Index {
  const known = indexes.get(entry);
  if (known) return known;
  const index: Index = { words: new Map(), phrases: [] };
  add(index, entry.op.node.summary, 'summary');
  // The description's first paragraph says what the answer holds; the rest is rules and provenance.
  const description = typeof entry.op.node.description === 'string' ? entry.op.node.description : '';
  add(index, description.split(/\n\s*\n/)[0], 'description');
  add(index, entry.id, 'id');
  for (const tag of entry.op.tags) add(index, tag, 'tags');
  add(index, entry.op.path, 'path');
  add(index, entry.op.documentId, 'documentId');
  for (const field of answerShape(entry).fields) {
    add(index, field.name, 'fieldName');
    add(index, field.description, 'fieldDescription');
  }
  indexes.set(entry, index);
  return index;
}

/** The words of a query that count: stop words and single letters (the "B" of "NTN-B") left out. */
export function queryWords(search: string): string[] {
  return [...new Set(words(search).filter((w) => w.length > 1 && !STOP.has(w)))];
}

export interface Ranked {
  entry: Entry;
  /** Query words found, themselves or as a glossary word. */
  matched: number;
  /** Query words found as written: an operation in the analyst's own words ranks above one found by the glossary. */
  exact: number;
  score: number;
}

/** A word's weight in an operation: its best place, and a part of each other kind of place it is found in. */
function scoreWord(index: Index, word: string): { score: number; exact: boolean } {
  const best = new Map<Kind, number>();
  for (const alike of sameAs(word)) {
    const factor = alike === word ? 1 : SYNONYM;
    for (const kind of index.words.get(alike) ?? []) {
      best.set(kind, Math.max(best.get(kind) ?? 0, WEIGHTS[kind] * factor));
    }
  }
  const weights = [...best.values()].sort((a, b) => b - a);
  const [top = 0, ...others] = weights;
  return { score: top + OTHER_PLACES * others.reduce((a, b) => a + b, 0), exact: index.words.has(word) };
}

/** The entries that hold at least one of the query's words, best first (then in the spec's order). */
export function rank(entries: readonly Entry[], search: string): Ranked[] {
  const query = queryWords(search);
  if (query.length === 0) return [];
  const ranked: Ranked[] = [];
  for (const entry of entries) {
    const index = indexOf(entry);
    let matched = 0;
    let exact = 0;
    let score = 0;
    for (const word of query) {
      const s = scoreWord(index, word);
      if (s.score > 0) matched += 1;
      if (s.exact) exact += 1;
      score += s.score;
    }
    if (matched === 0) continue;
    for (let i = 0; i + 1 < query.length; i++) {
      if (together(index, query[i] as string, query[i + 1] as string)) score += PHRASE;
    }
    if (entry.op.deprecated || entry.notCallable) score *= DEPRECATED;
    if (entry.op.path.includes('/indices-mais/')) score *= TWIN_WITH_COMPONENTS;
    if (entry.op.tags.includes('Batch')) score *= BATCH;
    ranked.push({ entry, matched, exact, score });
  }
  // Stable: equal ranks keep the spec's order.
  return ranked.sort((a, b) => b.matched - a.matched || b.exact - a.exact || b.score - a.score);
}
