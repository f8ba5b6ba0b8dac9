// How an operation's list pages, from its spec: the page envelope of its answer (`x-page-envelope`) and its
// `page`/`cursor` and `size` query parameters with their limits, as the spec model reads them for every reader.
import { listPaging } from '@assoc-feed/specs/model';
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

export function paging(entry: Entry): Paging | undefined {
  // The spec model's one reading of paging (limits and default size included), in this server's shape.
  const read = listPaging(entry.model, entry.op);
  if (!read) return undefined;
  const common: Common = { sizeParam: read.sizeParam, maxSize: read.maxSize, defaultSize: read.defaultSize };
  return read.kind === 'cursor'
    ? { ...common, kind: 'cursor', cursorParam: read.cursorParam }
    : { ...common, kind: 'page', pageParam: read.pageParam };
}
