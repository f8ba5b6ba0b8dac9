// How an operation's list pages, from its spec: the page envelope of its answer (`x-page-envelope`) and its
// `page`/`cursor` and `size` query parameters with their limits.
import type { Json } from '@assoc-feed/specs/model';
import { answerShape } from './answer-shape.js';
import type { Entry } from './catalog.js';

interface Common {
  sizeParam: string;
  maxSize: number;
  /** The size the service uses when none is sent. */
  defaultSize?: number;
}

export type Paging =
  | (Common & { kind: 'page'; pageParam: string })
  | (Common & { kind: 'cursor'; cursorParam: string });

function queryParam(entry: Entry, name: string): Json | undefined {
  const p = entry.op.parameters.find((q) => q.in === 'query' && q.name === name);
  return p ? entry.model.deref<Json>(p.schema ?? {}) : undefined;
}

export function paging(entry: Entry): Paging | undefined {
  const shape = answerShape(entry);
  if (shape.kind !== 'page' && shape.kind !== 'cursor') return undefined;
  const size = queryParam(entry, 'size');
  const common: Common = {
    sizeParam: 'size',
    maxSize: typeof size?.maximum === 'number' ? size.maximum : 100,
  };
  if (typeof size?.default === 'number') common.defaultSize = size.default;
  if (shape.kind === 'cursor') {
    const cursorParam = shape.envelope?.cursorParam ?? 'cursor';
    return queryParam(entry, cursorParam) ? { ...common, kind: 'cursor', cursorParam } : undefined;
  }
  return queryParam(entry, 'page') ? { ...common, kind: 'page', pageParam: 'page' } : undefined;
}
