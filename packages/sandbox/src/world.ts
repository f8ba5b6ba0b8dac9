// Everything a handler reads: the spec's operations, the seeded universes and the record generator.

import type { Json, SpecModel } from '@assoc-feed/specs/model';
import type { Harvest } from './generate/harvest.js';
import { type GenContext, SchemaGenerator } from './generate/schema-generator.js';
import type { ParamProblem, ParamValues } from './http/validate-request.js';
import { key } from './rng.js';
import type { OperationInfo } from './spec/operations.js';
import { type Now, Release } from './time.js';
import { FundUniverse } from './universe/funds.js';
import { InstitutionUniverse } from './universe/institutions.js';
import { Market } from './universe/market.js';

export interface WorldOptions {
  seed: number;
  funds: number;
}

export class World {
  readonly funds: FundUniverse;
  readonly institutions: InstitutionUniverse;
  readonly market: Market;
  readonly generator: SchemaGenerator;
  private readonly releases = new Map<string, Release>();

  constructor(
    readonly spec: Json,
    readonly model: SpecModel,
    harvest: Harvest,
    readonly options: WorldOptions,
  ) {
    this.funds = new FundUniverse(options.seed, options.funds);
    this.institutions = new InstitutionUniverse(options.seed, InstitutionUniverse.sizeFor(options.funds));
    this.market = new Market(options.seed, this.funds);
    this.generator = new SchemaGenerator(model, harvest);
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
  | { kind: 'list'; total: number; item: (index: number) => unknown }
  /** One answer of a list paged by cursor (E8): its records, the query's total and the next cursor (null: last). */
  | { kind: 'cursor-page'; total: number; items: unknown[]; nextCursor: string | null }
  | { kind: 'json'; body: unknown; status?: number }
  | { kind: 'error'; status: number; message: string; details?: ParamProblem[] };

export type Handler = (ctx: RequestContext) => HandlerResult;

export function notFound(message: string): HandlerResult {
  return { kind: 'error', status: 404, message };
}

export function badParameter(parameter: string, rule: string, message: string): HandlerResult {
  return { kind: 'error', status: 400, message, details: [{ parameter, in: 'query', rule }] };
}
