// E3 and E4: the institutions list and one institution by CNPJ.
import { type Handler, notFound, type RequestContext } from '../../world.js';
import { gen } from './record.js';

export const listInstitutions: Handler = (ctx) => {
  const inst = ctx.world.institutions;
  return {
    kind: 'list',
    total: inst.size,
    item: (i) => gen(ctx, ['institution', i], () => institutionOverride(inst.get(i))),
  };
};

function institutionOverride(
  it: ReturnType<RequestContext['world']['institutions']['get']>,
): Record<string, unknown> {
  return {
    razao_social: it.razaoSocial,
    identificador: it.cnpj,
    tipo_pessoa: it.tipoPessoa,
    codigo_pais: it.codigoPais,
    instituicao_primaria: it.primaria,
    instituicoes_secundarias: it.secundarias,
  };
}

export const getInstitution: Handler = (ctx) => {
  const cnpj = String(ctx.params.cnpj);
  const it = ctx.world.institutions.byCnpj(cnpj);
  if (!it) return notFound(`No published institution has the CNPJ ${cnpj}.`);
  return {
    kind: 'json',
    body: gen(ctx, ['institution', it.index], () => ({ content: institutionOverride(it) })),
  };
};
