// E1 and E2 (and their beta versions): the fund list and detail, and the detail's history of registry versions.
import { OMIT } from '../../generate/schema-generator.js';
import { lastClosedBusinessDay } from '../../time.js';
import { type Archetype, type TipoFundo, V2_START } from '../../universe/archetypes.js';
import type { FundEntity } from '../../universe/funds.js';
import { type Handler, type HandlerResult, notFound, type RequestContext } from '../../world.js';
import {
  classOverride,
  documentsOverride,
  fundOverride,
  instantAt,
  listRecordOverride,
  providersOverride,
  subclassOverride,
} from '../entities.js';
import { gen } from './record.js';

function fundList(ctx: RequestContext, name: string, pass: (a: Archetype) => boolean): HandlerResult {
  const tipo = ctx.params['tipo-fundo'] as TipoFundo | undefined;
  const world = ctx.world;
  const view = world.funds.view(
    tipo ? `${name}:${tipo}` : name,
    (a) => pass(a) && (!tipo || a.tipo === tipo),
  );
  const lbd = lastClosedBusinessDay(ctx.now);
  return {
    kind: 'list',
    total: view.count,
    item: (j) => {
      const index = view.nth(j);
      return gen(ctx, ['fund', index], () => listRecordOverride(world.funds.fund(index, lbd)));
    },
    key: `${name}|${tipo ?? ''}|${lbd}`,
  };
}

export const listFunds: Handler = (ctx) => fundList(ctx, 'all', () => true);
export const listFundsBeta: Handler = (ctx) => fundList(ctx, 'beta', (a) => a.tipo !== 'FIAGRO');

function detail(ctx: RequestContext, code: string, beta: boolean): HandlerResult {
  const found = ctx.world.funds.byCode(code, lastClosedBusinessDay(ctx.now));
  if (!found || (beta && found.fund.tipo === 'FIAGRO'))
    return notFound(`No fund, class or subclass has the code ${code}.`);
  const f = found.fund;
  return { kind: 'json', body: gen(ctx, ['fund', f.index], () => detailOverride(ctx, f)) };
}

/** E2's detail of a fund (also the last version of its history). */
function detailOverride(ctx: RequestContext, f: FundEntity): Record<string, unknown> {
  // The fund's fields at the top level, beside its contexts (specs/PUBLIC-CLIENT-EVIDENCE.md, item 23).
  return {
    ...fundOverride(f),
    documentos: documentsOverride(f),
    prestadores: providersOverride(f, ctx.world.institutions),
    classes: f.classes.map((c) => classOverride(f, c)),
    subclasses: f.classes.flatMap((c) => c.subclasses.map((s) => subclassOverride(f, s))),
  };
}

export const getFund: Handler = (ctx) =>
  detail(ctx, String(ctx.params.codigo_fundo_ou_classe_ou_subclasse), false);
export const getFundBeta: Handler = (ctx) => detail(ctx, String(ctx.params.codigoFundo), true);

// ---- the detail history (evidence item 7): the fund's registry versions, the last one E2's detail ---------

export const fundHistory: Handler = (ctx) => {
  const code = String(ctx.params.codigo_fundo);
  const found = ctx.world.funds.byCode(code, lastClosedBusinessDay(ctx.now));
  // A class or subclass code answers the history of the fund it belongs to, as E2 answers its fund's detail.
  if (!found) return notFound(`No fund, class or subclass has the code ${code}.`);
  const f = found.fund;
  const current = detailOverride(ctx, f);
  // A fund registered before the v2 regime had a version before its adaptation to resolution 175.
  // Every field of that version is as of its own date: the regulation then in force, the providers and classes
  // from the fund's start. It carries the fund's code as the v2 interface names the fund (a migrated fund's code
  // is its former six-digit code, F0000 before it: document 1, rule 3).
  const versions: unknown[] =
    f.start < V2_START && f.vigencia > f.start
      ? [
          {
            ...current,
            adaptado_rcvm175: 'N',
            data_encerramento_fundo: OMIT,
            data_vigencia_fundo: f.start,
            data_vigencia: f.start,
            data_atualizacao: instantAt(f.start, 9 * 3600_000),
            documentos: documentsOverride(f, f.start),
            prestadores: providersOverride(f, ctx.world.institutions, f.start),
            classes: f.classes
              .filter((c) => c.start <= f.start)
              .map((c) => ({
                ...classOverride(f, c),
                data_encerramento_classe: OMIT,
                data_vigencia_classe: f.start,
                data_atualizacao: instantAt(f.start, 9 * 3600_000),
              })),
          },
          current,
        ]
      : [current];
  // The current version is generated under E2's key, so it is E2's detail to the last field.
  return {
    kind: 'list',
    total: versions.length,
    item: (j) =>
      gen(
        ctx,
        j === versions.length - 1 ? ['fund', f.index] : ['fund-history', f.index, j],
        () => versions[j],
      ),
  };
};
