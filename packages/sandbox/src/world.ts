// Everything a handler reads: the spec's operations, the seeded universes and the record generator.

import type { Json, SpecModel } from '@assoc-feed/specs/model';
import { JsonCache } from './cache/json-cache.js';
import type { RawJson } from './cache/raw-json.js';
import type { Harvest } from './generate/harvest.js';
import { type GenContext, SchemaGenerator } from './generate/schema-generator.js';
import type { ParamProblem, ParamValues } from './http/validate-request.js';
import { key } from './rng.js';
import type { OperationInfo } from './spec-reader/operations.js';
import { type Now, Release } from './time.js';
import { FundUniverse } from './universe/funds.js';
import { InstitutionUniverse } from './universe/institutions.js';
import { Market } from './universe/market.js';

export interface WorldOptions {
  seed: number;
  funds: number;
  /** Bound of the record cache in bytes (default 48 MiB). */
  cacheBytes?: number;
}

export class World {
  /** Records and answers already built, as JSON (bounded). */
  readonly cache: JsonCache;
  private readonly releases = new Map<string, Release>();
  // Built on first use, not at start-up: a sandbox answers its first request (and a test suite starts) without
  // waiting for the universes and the spec's examples, and a run that never asks for funds never builds them.
  #funds: FundUniverse | undefined;
  #institutions: InstitutionUniverse | undefined;
  #market: Market | undefined;
  #generator: SchemaGenerator | undefined;

  constructor(
    readonly spec: Json,
    readonly model: SpecModel,
    private readonly harvest: () => Harvest,
    readonly options: WorldOptions,
  ) {
    this.cache = new JsonCache(options.cacheBytes);
  }

  get funds(): FundUniverse {
    this.#funds ??= new FundUniverse(this.options.seed, this.options.funds);
    return this.#funds;
  }

  get institutions(): InstitutionUniverse {
    this.#institutions ??= new InstitutionUniverse(
      this.options.seed,
      InstitutionUniverse.sizeFor(this.options.funds),
    );
    return this.#institutions;
  }

  get market(): Market {
    this.#market ??= new Market(this.options.seed, this.funds);
    return this.#market;
  }

  get generator(): SchemaGenerator {
    this.#generator ??= new SchemaGenerator(this.model, this.harvest());
    return this.#generator;
  }

  get seed(): number {
    return this.options.seed;
  }

  release(op: OperationInfo): Release {
    let r = this.releases.get(op.operationId);
    if (!r) {
      r = new Release(op.releaseSchedule);
      this.releases.set(op.operationId, r);
    }
    return r;
  }

  /**
   * A record of the operation's schema, built once per (operation, parts, reference day) and then served from
   * the cache as JSON. Only for records that are a pure function of those: `override` is called on a miss.
   */
  cachedRecord(
    op: OperationInfo,
    parts: (number | string)[],
    override: () => unknown,
    ctx: GenContext,
  ): RawJson {
    const key = `${op.operationId}|${ctx.asOf}|${ctx.appliesTo ?? ''}|${parts.join(',')}`;
    return this.cache.get(key, () => this.record(op.success.recordSchema, parts, override(), ctx));
  }

  /** A record of a schema: overrides for identity fields, the rest generated from (seed, parts). */
  record(schema: unknown, parts: (number | string)[], override: unknown, ctx: GenContext): unknown {
    return this.generator.generate(schema, key(this.options.seed, ...parts), override, ctx);
  }
}

export interface RequestContext {
  op: OperationInfo;
  params: ParamValues;
  now: Now;
  world: World;
}

export type HandlerResult =
  | {
      kind: 'list';
      total: number;
      item: (index: number) => unknown;
      /**
       * What the list's content depends on besides the operation (its filters, the day it is as of), when its
       * records are a pure function of that: each page is then encoded once and served from the cache.
       */
      key?: string;
    }
  /**
   * One answer of a list paged by cursor (E8), built by `page`. `key`: everything the answer depends on besides
   * the operation (the query, the cursor, the size, the days it is as of), when it is a pure function of that: the
   * answer is then encoded once and served from the cache.
   */
  | { kind: 'cursor-page'; key?: string; page: () => CursorPage }
  | { kind: 'json'; body: unknown; status?: number }
  | { kind: 'error'; status: number; message: string; details?: ParamProblem[] };

/** A cursor page's records, the query's total and the next cursor (null: the last page). */
export interface CursorPage {
  total: number;
  items: unknown[];
  nextCursor: string | null;
}

export type Handler = (ctx: RequestContext) => HandlerResult;

export function notFound(message: string): HandlerResult {
  return { kind: 'error', status: 404, message };
}

export function badParameter(parameter: string, rule: string, message: string): HandlerResult {
  return { kind: 'error', status: 400, message, details: [{ parameter, in: 'query', rule }] };
}
