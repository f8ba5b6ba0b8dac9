// The analyst's words and the documents' words for the same thing: the spec's summaries are English, its paths and
// field names Portuguese (`valor_cota`, `patrimonio_liquido`, `titulos-publicos`), and an assistant asks in either.
// Each group lists words (as search normalizes them: lower case, no accents, singular) that it treats as one.
const GROUPS: readonly (readonly string[])[] = [
  ['quota', 'cota'],
  ['net', 'liquido'],
  ['worth', 'asset', 'equity', 'patrimonio', 'pl', 'aum'],
  ['rate', 'taxa', 'tx', 'yield'],
  ['price', 'preco', 'pu'],
  ['bond', 'titulo', 'tpf', 'treasury', 'ntn', 'ntnb', 'ntnf', 'ltn', 'lft'],
  ['government', 'publico', 'federal', 'sovereign'],
  ['curve', 'curva', 'ettj'],
  ['projection', 'projecao', 'forecast', 'projetada'],
  ['fund', 'fundo'],
  ['class', 'classe'],
  ['subclass', 'subclasse', 'subclase'],
  ['series', 'serie', 'historica', 'history', 'historico'],
  ['daily', 'diaria', 'diario'],
  ['index', 'indice'],
  ['portfolio', 'carteira', 'teorica', 'theoretical'],
  ['result', 'resultado'],
  ['secondary', 'secundario'],
  ['market', 'mercado'],
  ['face', 'vna', 'vne'],
  ['institution', 'instituicao', 'manager', 'administrator', 'gestor', 'administrador'],
  ['name', 'nome', 'razao', 'comercial'],
  ['intraday', 'intradiario', 'intradiaria'],
  ['inflation', 'ipca', 'inflacao', 'igpm'],
  ['note', 'nota', 'explicativa', 'explanatory'],
  ['investor', 'investidor'],
  ['segment', 'segmento'],
  ['registry', 'cadastral', 'register'],
  ['batch', 'lote', 'bulk'],
  ['all', 'every', 'todo', 'toda'],
  ['indicative', 'indicativa', 'indicativo'],
  ['debenture', 'corporate'],
  ['credit', 'credito', 'spread'],
  ['estimate', 'estimativa'],
  ['diffusion', 'difusao'],
  ['trade', 'negocio'],
  ['composition', 'composicao', 'componente', 'component'],
  ['duration', 'duracao'],
  ['change', 'variacao', 'return', 'performance'],
  ['maturity', 'vencimento'],
];

const BY_WORD = new Map<string, readonly string[]>();
for (const group of GROUPS) for (const word of group) BY_WORD.set(word, group);

/** The words a query word also stands for (itself first). */
export function sameAs(word: string): readonly string[] {
  return BY_WORD.get(word) ?? [word];
}
