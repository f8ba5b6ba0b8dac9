// Test fixtures (excluded from the build): a tiny hand-written document in the shape openapi-typescript 7 and the
// lead's codegen produce, and an in-memory fake of the Feed service to inject as `fetch`. No test touches the network.

import type { DocumentMeta } from '../input/meta.js';

export const CLIENT_ID = 'app-client-id';
// Non-ASCII on purpose: the Basic header must be UTF-8 Base64, and redaction must find it.
export const CLIENT_SECRET = 'sëcret-Çlient-Value-42';
export const BASE_URL = 'https://api.test.example';

// ---- types, shaped like openapi-typescript 7 output --------------------------------------------------------

type NoOtherMethods = {
  put?: never;
  delete?: never;
  options?: never;
  head?: never;
  patch?: never;
  trace?: never;
};
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };

export interface FundListRecord {
  codigo_fundo: string;
  nome: string;
}
export interface ErrorBody {
  status: number;
  error: string;
  message: string;
}
/** The v1 lists' envelope (totals of records and of pages). */
interface PageEnvelope {
  page: number;
  size: number;
  total_elements: number;
  total_pages: number;
}
/** The v2 lists' envelope: the total of records only, the page in a nested object. */
interface PageEnvelopeV2 {
  totalSize: number;
  pageable: { page?: number; size: number };
}
/** E8's envelope: paged by an opaque cursor, null on the last answer. */
interface CursorEnvelope {
  totalSize: number;
  nextCursor: string | null;
}
export interface SeriesRecord {
  codigo_classe: string;
  data_competencia: string;
}
export interface Json<T> {
  headers: { [name: string]: unknown };
  content: { 'application/json': T };
}

export interface paths {
  '/feed/fundos/v2/fundos': {
    parameters: NoParams;
    get: operations['listFunds'];
    post?: never;
  } & NoOtherMethods;
  '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}': {
    parameters: NoParams;
    get: operations['getFund'];
    post?: never;
  } & NoOtherMethods;
  '/feed/fundos/v2/fundos/{codigo_classe_ou_subclasse}/resumo-mensal': {
    parameters: NoParams;
    get: operations['monthlySummary'];
    post?: never;
  } & NoOtherMethods;
  '/feed/fundos/v2/fundos/dados-cadastrais/lote': {
    parameters: NoParams;
    get: operations['registryBatch'];
    post?: never;
  } & NoOtherMethods;
  '/feed/fundos/v2/fundos/serie-historica/lote': {
    parameters: NoParams;
    get: operations['seriesBatch'];
    post?: never;
  } & NoOtherMethods;
  '/feed/exemplo/v1/consultas': {
    parameters: NoParams;
    get?: never;
    post: operations['postQuery'];
  } & NoOtherMethods;
}

export interface operations {
  listFunds: {
    parameters: {
      query?: {
        page?: number;
        size?: number;
        'tipo-fundo'?: 'ETF' | 'FIDC' | 'FII' | 'FIP' | 'FIF' | 'OFFSHORE' | 'FIAGRO';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: Json<PageEnvelope & { content: FundListRecord[] }>;
      400: Json<ErrorBody>;
      401: Json<ErrorBody>;
      403: Json<ErrorBody>;
      404: Json<ErrorBody>;
    };
  };
  getFund: {
    parameters: {
      query?: never;
      header?: never;
      path: { codigo_fundo_ou_classe_ou_subclasse: string };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: Json<{ content: { codigo_fundo: string; nome: string } }>;
      401: Json<ErrorBody>;
      403: Json<ErrorBody>;
      404: Json<ErrorBody>;
    };
  };
  monthlySummary: {
    parameters: {
      query?: { mes?: string; ano?: string; data?: string };
      header?: never;
      path: { codigo_classe_ou_subclasse: string };
      cookie?: never;
    };
    requestBody?: never;
    responses: { 200: Json<{ content: { patrimonio: number } }>; 404: Json<ErrorBody> };
  };
  registryBatch: {
    parameters: {
      query: { 'data-atualizacao': string; page?: number; size?: number; 'tipo-fundo'?: string };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: Json<PageEnvelopeV2 & { content: { codigo: string; atualizado_em: string }[] }>;
      404: Json<ErrorBody>;
    };
  };
  seriesBatch: {
    parameters: {
      query: { 'data-atualizacao': string; size?: number; cursor?: string };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: Json<CursorEnvelope & { content: SeriesRecord[] }>;
      400: Json<ErrorBody>;
    };
  };
  postQuery: {
    parameters: NoParams;
    requestBody: { content: { 'application/json': { codigos: string[]; nota?: string } } };
    responses: { 200: Json<{ content: { received: unknown } }>; 401: Json<ErrorBody> };
  };
}

// ---- meta, as the codegen writes it ------------------------------------------------------------------------

const page = {
  name: 'page',
  in: 'query',
  required: false,
  schema: { type: 'integer', minimum: 0, maximum: 2147483647 },
} as const;
const size = {
  name: 'size',
  in: 'query',
  required: false,
  schema: { type: 'integer', minimum: 1, maximum: 1000 },
} as const;
const tipoFundo = {
  name: 'tipo-fundo',
  in: 'query',
  required: false,
  schema: { type: 'string', maxLength: 30, enum: ['ETF', 'FIDC', 'FII', 'FIP', 'FIF', 'OFFSHORE', 'FIAGRO'] },
} as const;
const pagination = {
  kind: 'page',
  pageParam: 'page',
  sizeParam: 'size',
  maxSize: 1000,
  defaultSize: 1000,
  itemsField: 'content',
  totalPagesField: 'total_pages',
  totalElementsField: 'total_elements',
  pageField: 'page',
  sizeField: 'size',
} as const;
const paginationV2 = {
  kind: 'page',
  pageParam: 'page',
  sizeParam: 'size',
  maxSize: 1000,
  defaultSize: 1000,
  itemsField: 'content',
  totalElementsField: 'totalSize',
  pageField: 'pageable.page',
  sizeField: 'pageable.size',
} as const;
const dataAtualizacao = {
  name: 'data-atualizacao',
  in: 'query',
  required: true,
  schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}$' },
} as const;

export const meta = {
  name: 'fixture',
  operations: {
    'GET /feed/fundos/v2/fundos': {
      operationId: 'listFunds',
      documentId: 'E1',
      method: 'get',
      path: '/feed/fundos/v2/fundos',
      parameters: [page, size, tipoFundo],
      pagination,
      auth: 'flowA',
    },
    'GET /feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}': {
      operationId: 'getFund',
      documentId: 'E2',
      method: 'get',
      path: '/feed/fundos/v2/fundos/{codigo_fundo_ou_classe_ou_subclasse}',
      parameters: [
        {
          name: 'codigo_fundo_ou_classe_ou_subclasse',
          in: 'path',
          required: true,
          schema: {
            type: 'string',
            pattern: '^[FCS]\\d{10}$',
            minLength: 11,
            maxLength: 11,
            example: 'F0000123456',
          },
        },
      ],
      auth: 'flowA',
    },
    'GET /feed/fundos/v2/fundos/{codigo_classe_ou_subclasse}/resumo-mensal': {
      operationId: 'monthlySummary',
      method: 'get',
      path: '/feed/fundos/v2/fundos/{codigo_classe_ou_subclasse}/resumo-mensal',
      parameters: [
        {
          name: 'codigo_classe_ou_subclasse',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: '^[CS]\\d{10}$' },
        },
        {
          name: 'mes',
          in: 'query',
          required: false,
          schema: { type: 'string', pattern: '^(0[1-9]|1[0-2])$', minLength: 2, maxLength: 2 },
        },
        {
          name: 'ano',
          in: 'query',
          required: false,
          schema: { type: 'string', pattern: '^\\d{4}$', minLength: 4, maxLength: 4 },
        },
        {
          name: 'data',
          in: 'query',
          required: false,
          schema: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        },
      ],
      requiredTogether: [['mes', 'ano']],
      auth: 'flowA',
    },
    'GET /feed/fundos/v2/fundos/dados-cadastrais/lote': {
      operationId: 'registryBatch',
      documentId: 'E7',
      method: 'get',
      path: '/feed/fundos/v2/fundos/dados-cadastrais/lote',
      parameters: [
        {
          name: 'data-atualizacao',
          in: 'query',
          required: true,
          schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}$' },
        },
        page,
        size,
        { name: 'tipo-fundo', in: 'query', required: false, schema: { type: 'string' } },
      ],
      pagination: paginationV2,
      auth: 'flowA',
    },
    'GET /feed/fundos/v2/fundos/serie-historica/lote': {
      operationId: 'seriesBatch',
      documentId: 'E8',
      method: 'get',
      path: '/feed/fundos/v2/fundos/serie-historica/lote',
      parameters: [
        dataAtualizacao,
        size,
        { name: 'cursor', in: 'query', required: false, schema: { type: 'string', minLength: 1 } },
      ],
      pagination: {
        kind: 'cursor',
        cursorParam: 'cursor',
        sizeParam: 'size',
        maxSize: 1000,
        defaultSize: 1000,
        itemsField: 'content',
        totalElementsField: 'totalSize',
        nextCursorField: 'nextCursor',
      },
      auth: 'flowA',
    },
    'POST /feed/exemplo/v1/consultas': {
      operationId: 'postQuery',
      method: 'post',
      path: '/feed/exemplo/v1/consultas',
      parameters: [],
      auth: 'flowA',
    },
  },
} as const satisfies DocumentMeta;

// ---- fake Feed service -------------------------------------------------------------------------------------

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

export interface FakeFeedOptions {
  /** Records in the fund list (default 2500: three pages of 1000). */
  funds?: number;
  /** Send total_elements/total_pages (default true). */
  withTotals?: boolean;
  /** Records of the cursor-paged series batch (default 2500). */
  series?: number;
  expiresIn?: number;
  tokenType?: string;
  /** Runs before the built-in routes; return a Response to take over the call. */
  handler?: (
    request: RecordedRequest,
    feed: FakeFeed,
  ) => Response | undefined | Promise<Response | undefined>;
}

export interface FakeFeed {
  fetch: (input: Request) => Promise<Response>;
  /** Every request, token requests included, in arrival order. */
  requests: RecordedRequest[];
  readonly tokenRequests: RecordedRequest[];
  readonly feedRequests: RecordedRequest[];
  /** Tokens handed out, in order. */
  issued: string[];
  /** Tokens the server now refuses with 401 (expired or revoked on the server's side). */
  rejected: Set<string>;
}

export const fundCode = (i: number) => `F${String(i).padStart(10, '0')}`;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export const errorBody = (status: number, error: string, message: string): ErrorBody => ({
  status,
  error,
  message,
});

export function createFakeFeed(options: FakeFeedOptions = {}): FakeFeed {
  const total = options.funds ?? 2500;
  const feed: FakeFeed = {
    requests: [],
    issued: [],
    rejected: new Set(),
    get tokenRequests() {
      return feed.requests.filter((r) => r.url.pathname === '/oauth/access-token');
    },
    get feedRequests() {
      return feed.requests.filter((r) => r.url.pathname !== '/oauth/access-token');
    },
    async fetch(input: Request) {
      const recorded: RecordedRequest = {
        method: input.method,
        url: new URL(input.url),
        headers: new Headers(input.headers),
        body: await input.text(),
      };
      feed.requests.push(recorded);
      const custom = await options.handler?.(recorded, feed);
      if (custom) return custom;
      return route(recorded);
    },
  };

  function route(req: RecordedRequest): Response {
    const { pathname, searchParams } = req.url;
    if (pathname === '/oauth/access-token') {
      const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`, 'utf8').toString('base64')}`;
      if (req.headers.get('authorization') !== expected) {
        return json(
          401,
          errorBody(401, 'invalid credential or token', 'The client credentials are invalid.'),
        );
      }
      if (
        req.headers.get('content-type') !== 'application/json' ||
        JSON.parse(req.body || '{}').grant_type !== 'client_credentials'
      ) {
        return json(
          400,
          errorBody(
            400,
            'invalid authentication request',
            'grant_type is required and must be client_credentials.',
          ),
        );
      }
      const token = `tok-${feed.issued.length + 1}-${'x'.repeat(24)}`;
      feed.issued.push(token);
      return json(200, {
        access_token: token,
        token_type: options.tokenType ?? 'Bearer',
        expires_in: options.expiresIn ?? 3600,
      });
    }
    const token = req.headers.get('access_token');
    if (
      req.headers.get('client_id') !== CLIENT_ID ||
      !token ||
      !feed.issued.includes(token) ||
      feed.rejected.has(token)
    ) {
      return json(
        401,
        errorBody(
          401,
          'invalid credential or token',
          'The access_token is invalid or expired. Request a new token.',
        ),
      );
    }
    if (pathname === '/feed/fundos/v2/fundos') {
      const page = Number(searchParams.get('page') ?? 0);
      const size = Number(searchParams.get('size') ?? 1000);
      const totalPages = Math.ceil(total / size);
      if (page >= totalPages) {
        return json(
          404,
          errorBody(404, 'not found', `Page ${page} is above the last page (${totalPages - 1}).`),
        );
      }
      const content = Array.from({ length: Math.min(size, total - page * size) }, (_, k) => {
        const i = page * size + k;
        return { codigo_fundo: fundCode(i), nome: `Fund ${i}` };
      });
      const totals = options.withTotals === false ? {} : { total_elements: total, total_pages: totalPages };
      return json(200, { content, page, size, ...totals });
    }
    if (pathname === '/feed/fundos/v2/fundos/serie-historica/lote') {
      const count = options.series ?? 2500;
      const size = Number(searchParams.get('size') ?? 1000);
      const cursor = searchParams.get('cursor');
      const offset = cursor === null ? 0 : seriesOffset(cursor);
      if (offset === undefined || offset >= count) {
        return json(400, errorBody(400, 'bad request', 'The cursor is unknown or stale.'));
      }
      const end = Math.min(count, offset + size);
      const content = Array.from({ length: end - offset }, (_, k) => ({
        codigo_classe: `C${String(offset + k).padStart(10, '0')}`,
        data_competencia: '2026-11-19',
      }));
      return json(200, { content, totalSize: count, nextCursor: end < count ? seriesCursor(end) : null });
    }
    const detail = /^\/feed\/fundos\/v2\/fundos\/([FCS]\d{10})$/.exec(pathname);
    if (detail) {
      if (detail[1] === 'F9999999999')
        return json(404, errorBody(404, 'not found', 'No record found for the given code.'));
      return json(200, { content: { codigo_fundo: detail[1], nome: 'Detail' } });
    }
    if (pathname === '/feed/exemplo/v1/consultas' && req.method === 'POST') {
      return json(200, { content: { received: JSON.parse(req.body) } });
    }
    return json(404, errorBody(404, 'not found', `No route ${req.method} ${pathname}`));
  }

  return feed;
}

// Opaque to the client; the fake reads it back (a real service's cursor is anybody's guess).
const seriesCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
function seriesOffset(cursor: string): number | undefined {
  const match = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

/** A sleep that records its waits and returns at once (still honouring an already-aborted signal). */
export function recordingSleep() {
  const waits: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal) => {
    waits.push(ms);
    if (signal?.aborted) throw signal.reason;
  };
  return { waits, sleep };
}
