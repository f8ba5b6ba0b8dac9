// How a list operation pages, read from its spec in one place for every reader (codegen's client meta, the
// sandbox, the MCP server). The rule, stated once:
// - a list pages when its 200 `application/json` schema (with its `allOf` parts) carries `x-page-envelope`;
// - by cursor when the envelope names `nextCursor` (the cursor goes back in `cursorParam`, `cursor` when
//   unnamed), else by page number (`page`);
// - its `size` query parameter states the largest page (`maximum`); the size used when none is sent is the
//   parameter's `default`, else that maximum.
// There is no fallback number: a paged list without its size maximum or its page/cursor parameter is a spec
// error (the lint rule `feed/paginated-list-limits` asks for the same), thrown with the fix.
import type { Operation } from './operations.js';
import type { Json, SpecReader } from './reader.js';

/** The spec's `x-page-envelope`: field names of the answer, a dotted name being a nested field (`pageable.size`). */
export interface PageEnvelope {
  items: string;
  page?: string;
  size?: string;
  totalElements?: string;
  totalPages?: string;
  /** A list paged by cursor (E8): the field of the next cursor, and the query parameter that sends it back. */
  nextCursor?: string;
  cursorParam?: string;
}

interface ListPagingCommon {
  sizeParam: string;
  /** The largest page the service serves (`size`'s `maximum`). */
  maxSize: number;
  /** The size the service uses when none is sent (`size`'s `default`, else `maxSize`). */
  defaultSize: number;
  envelope: PageEnvelope;
}

export type ListPaging =
  | (ListPagingCommon & { kind: 'page'; pageParam: string })
  | (ListPagingCommon & { kind: 'cursor'; cursorParam: string });

/** Thrown for a paged list whose spec leaves out what paging needs. */
export class SpecPagingError extends Error {
  override readonly name = 'SpecPagingError';
}

/** `x-page-envelope` of a schema or of one of its `allOf` parts (the nearest first). */
function envelopeOf(model: SpecReader, node: unknown): PageEnvelope | undefined {
  const schema = model.deref<Json>(node);
  const own = schema['x-page-envelope'];
  if (own && typeof own === 'object') return own as PageEnvelope;
  for (const part of (schema.allOf as unknown[] | undefined) ?? []) {
    const found = envelopeOf(model, part);
    if (found) return found;
  }
  return undefined;
}

function queryParameter(op: Operation, name: string) {
  return op.parameters.find((p) => p.in === 'query' && p.name === name);
}

/** How `op` pages, or undefined when it is no paged list. Throws SpecPagingError when its spec is incomplete. */
export function listPaging(model: SpecReader, op: Operation): ListPaging | undefined {
  const media = (op.responses['200']?.content as Json | undefined)?.['application/json'] as Json | undefined;
  const envelope = media?.schema === undefined ? undefined : envelopeOf(model, media.schema);
  if (!envelope) return undefined;
  const size = queryParameter(op, 'size');
  const sizeSchema = model.deref<Json>(size?.schema ?? {});
  const maxSize = sizeSchema.maximum;
  if (typeof maxSize !== 'number') {
    throw new SpecPagingError(
      `${op.label} is a paged list (x-page-envelope) but ${size ? 'its size parameter has no maximum' : 'has no size query parameter'}: add one with the largest page the service serves (common/parameters/size-1000.yaml or the document's own)`,
    );
  }
  const common = {
    sizeParam: 'size',
    maxSize,
    defaultSize: typeof sizeSchema.default === 'number' ? sizeSchema.default : maxSize,
    envelope,
  };
  const [kind, param] = envelope.nextCursor
    ? (['cursor', envelope.cursorParam ?? 'cursor'] as const)
    : (['page', 'page'] as const);
  if (!queryParameter(op, param)) {
    throw new SpecPagingError(
      `${op.label} is a list paged by ${kind} (x-page-envelope) but has no ${param} query parameter: add it, as the other ${kind === 'page' ? 'paged lists (common/parameters/page.yaml)' : 'cursor lists'} do`,
    );
  }
  return kind === 'cursor' ? { ...common, kind, cursorParam: param } : { ...common, kind, pageParam: param };
}
