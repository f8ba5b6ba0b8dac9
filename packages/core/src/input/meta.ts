// The runtime facts a document client needs from its spec. The lead's codegen (tools/codegen/meta.ts) writes
// one `DocumentMeta` per document as `as const satisfies DocumentMeta`, hence the readonly arrays throughout.

export interface ParameterSchemaMeta {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array';
  pattern?: string;
  enum?: readonly (string | number)[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  items?: ParameterSchemaMeta;
  /** Optional: quoted in error messages as a value of the right form. */
  example?: string | number;
}

export interface ParameterMeta {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: ParameterSchemaMeta;
}

interface PaginationCommon {
  sizeParam: string;
  maxSize: number;
  defaultSize: number;
  /** Field names of the answer (`x-page-envelope`); a dotted name is a nested field (`pageable.size`). */
  itemsField: string;
  /** The total number of records across pages, when the envelope carries it. */
  totalElementsField?: string;
}

/** A list paged by page number (`page` + `size`); the last page is `totalPagesField`, or computed from the total. */
export interface PagePaginationMeta extends PaginationCommon {
  kind: 'page';
  pageParam: string;
  totalPagesField?: string;
  /** The answer's own page number and page size, when the envelope carries them (`pageable.page`). */
  pageField?: string;
  sizeField?: string;
}

/** A list paged by an opaque cursor (`cursor` + `size`, E8): each answer names the next cursor, null at the end. */
export interface CursorPaginationMeta extends PaginationCommon {
  kind: 'cursor';
  cursorParam: string;
  nextCursorField: string;
}

export type PaginationMeta = PagePaginationMeta | CursorPaginationMeta;

/** A period rule of dated queries (`x-date-window`, e.g. V7's five years): which parameters, and what the service does. */
export interface DateWindowMeta {
  /** Query parameter of the first day, e.g. `data-inicio`. */
  start: string;
  /** Query parameter of the last day, e.g. `data-fim`. */
  end: string;
  /** The longest period one query may cover, in months. */
  maxMonths?: number;
  defaultWhenNoDates?: { months: number; endsAt: string };
  swapWhenStartAfterEnd?: boolean;
  startWhenOnlyEnd?: { monthsBeforeEnd: number };
  endWhenOnlyStart?: { monthsAfterStart: number };
}

export interface OperationMeta {
  operationId: string;
  documentId?: string;
  method: 'get' | 'post';
  path: string;
  parameters: readonly ParameterMeta[];
  /** Groups of parameters that must be sent all or none (e.g. `mes` and `ano`). */
  requiredTogether?: readonly (readonly string[])[];
  pagination?: PaginationMeta;
  dateWindow?: DateWindowMeta;
  auth: 'flowA' | 'flowB' | 'none';
}

export interface DocumentMeta {
  name: string;
  /** Key: `${METHOD} ${pathTemplate}`, e.g. "GET /feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}". */
  operations: Readonly<Record<string, OperationMeta>>;
}

/** The key under which `DocumentMeta.operations` files an operation. */
export function operationKey(method: string, pathTemplate: string): string {
  return `${method.toUpperCase()} ${pathTemplate}`;
}

/** A documented operation with the `METHOD /path` key it is filed under. */
export interface KnownOperation {
  key: string;
  op: OperationMeta;
}

/**
 * The document's operations by method, then path: the one reading of `DocumentMeta.operations`, built once per
 * client, looked up on every call without building the key (a new string to hash each time).
 */
export type OperationIndex = ReadonlyMap<string, ReadonlyMap<string, KnownOperation>>;

export function operationIndex(meta: DocumentMeta): OperationIndex {
  const byMethod = new Map<string, Map<string, KnownOperation>>();
  for (const [key, op] of Object.entries(meta.operations)) {
    const space = key.indexOf(' ');
    const method = key.slice(0, space);
    const paths = byMethod.get(method) ?? new Map<string, KnownOperation>();
    byMethod.set(method, paths);
    paths.set(key.slice(space + 1), { key, op });
  }
  return byMethod;
}
