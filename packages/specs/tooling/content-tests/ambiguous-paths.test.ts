// Document 1 lists path templates that a router cannot tell apart by their shape alone
// (`/fundos/instituicoes/{cnpj}` and `/fundos/{codigo_fundo}/historico`; Redocly's no-ambiguous-paths names three
// such pairs). They stay as the document writes them: what keeps them apart is each parameter's pattern, which
// must reject the literal segment the other path has in its place (`instituicoes` is no fund code, `historico` no
// CNPJ). Reads @assoc-feed/specs/feed.json (its dist): run the specs build first.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

type Json = Record<string, unknown>;
const spec = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@assoc-feed/specs/feed.json'), 'utf8'),
) as {
  paths: Record<string, Json>;
  components: { parameters: Record<string, Json>; schemas: Record<string, Json> };
};

const deref = (node: Json): Json => {
  let current = node;
  while (typeof current.$ref === 'string') {
    const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(current.$ref) ?? [];
    current = (spec.components as unknown as Record<string, Record<string, Json>>)[kind as string]?.[
      name as string
    ] as Json;
  }
  return current;
};

/** The pattern of a path parameter, by name, for one path (from its GET). */
function patternOf(path: string, name: string): RegExp | undefined {
  const op = (spec.paths[path]?.get ?? spec.paths[path]?.post) as { parameters?: Json[] } | undefined;
  const param = (op?.parameters ?? []).map(deref).find((p) => p.in === 'path' && p.name === name);
  const schema = param ? deref(param.schema as Json) : undefined;
  return typeof schema?.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
}

const isParam = (segment: string) => /^\{.+\}$/.test(segment);

/** Pairs of templates of one length whose segments could match the same URL, position by position. */
function overlappingPairs(): [string, string][] {
  const paths = Object.keys(spec.paths);
  const pairs: [string, string][] = [];
  for (const [i, a] of paths.entries()) {
    for (const b of paths.slice(i + 1)) {
      const sa = a.split('/');
      const sb = b.split('/');
      if (sa.length !== sb.length) continue;
      const clash = sa.every((x, k) => x === sb[k] || isParam(x) || isParam(sb[k] as string));
      if (clash && sa.some((x, k) => isParam(x) !== isParam(sb[k] as string))) pairs.push([a, b]);
    }
  }
  return pairs;
}

/** Where one template has a parameter and the other a literal: does the pattern reject the literal? */
function exclusions(a: string, b: string) {
  const sa = a.split('/');
  const sb = b.split('/');
  const out: { param: string; path: string; literal: string; rejected: boolean }[] = [];
  for (const [k, x] of sa.entries()) {
    const y = sb[k] as string;
    for (const [param, path, literal] of [
      [x, a, y],
      [y, b, x],
    ] as const) {
      if (!isParam(param) || isParam(literal)) continue;
      const pattern = patternOf(path, param.slice(1, -1));
      out.push({ param, path, literal, rejected: pattern !== undefined && !pattern.test(literal) });
    }
  }
  return out;
}

describe('templates that overlap by shape are kept apart by their parameters’ patterns', () => {
  const pairs = overlappingPairs();

  it('finds the pairs Redocly reports (the institution detail against three per-fund paths)', () => {
    const institution = '/feed/fundos/v2/fundos/instituicoes/{cnpj}';
    expect(
      pairs.filter((pair) => pair.includes(institution)).map((pair) => pair.find((p) => p !== institution)),
    ).toEqual(
      expect.arrayContaining([
        '/feed/fundos/v2/fundos/{codigo_classe_ou_subclasse}/notas-explicativas',
        '/feed/fundos/v2/fundos/{codigo_classe_ou_subclasse}/serie-historica',
        '/feed/fundos/v2/fundos/{codigo_fundo}/historico',
      ]),
    );
  });

  it.each(pairs)('%s and %s: some parameter rejects the other path’s literal segment', (a, b) => {
    const found = exclusions(a, b);
    expect(
      found.some((e) => e.rejected),
      JSON.stringify(found),
    ).toBe(true);
  });

  it.each([
    ['/feed/fundos/v2/fundos/{codigo_fundo}/historico', 'codigo_fundo', 'instituicoes'],
    [
      '/feed/fundos/v2/fundos/{codigo_classe_ou_subclasse}/serie-historica',
      'codigo_classe_ou_subclasse',
      'instituicoes',
    ],
    [
      '/feed/fundos/v2/fundos/{codigo_classe_ou_subclasse}/notas-explicativas',
      'codigo_classe_ou_subclasse',
      'instituicoes',
    ],
    ['/feed/fundos/v2/fundos/instituicoes/{cnpj}', 'cnpj', 'historico'],
    ['/feed/fundos/v2/fundos/instituicoes/{cnpj}', 'cnpj', 'serie-historica'],
    ['/feed/fundos/v2/fundos/instituicoes/{cnpj}', 'cnpj', 'notas-explicativas'],
  ])('in %s, {%s} does not match "%s"', (path, name, literal) => {
    const pattern = patternOf(path, name);
    expect(pattern).toBeDefined();
    expect(pattern?.test(literal)).toBe(false);
  });
});
