// The records an answer names: every object that carries a fund, class, subclass or institution code, read as
// the record it describes (the code and the fields that identify it: names, identifiers, kinds), whatever the
// operation calls those fields. A spec example and a sandbox answer read this way can be compared field by field.

/** Code fields, most specific first: an object is the record of the first one it carries. */
const codeFields = [
  'codigo_subclasse',
  'codigo_classe',
  'codigo_fundo',
  'codigo_assoc',
  'cnpj_fundo',
  'identificador',
  'cnpj',
] as const;

/** Names and identifiers, bare or suffixed by the level they name (`_fundo`, `_classe`, `_subclasse`). */
const namePattern =
  /^(razao_social|nome_comercial|nome_fantasia|nome|identificador|tipo_identificador|cnpj_fundo|cnpj)(_fundo|_classe|_subclasse)?$/;

/** The fields that say what kind of record it is. */
const kindFields = new Set([
  'tipo_fundo',
  'atributo',
  'categoria_cvm',
  'foco_atuacao',
  'tipo_assoc',
  'nivel_1_categoria',
  'nivel_2_categoria',
  'nivel_3_subcategoria',
  'classe_assoc',
  'categoria_assoc',
  'classe_cvm',
  'sub_classe_cvm',
  'tipo_classe_cota',
]);

/** Other spellings of a kind field in some operations. */
const kindAliases: Record<string, string> = {
  nivel1_categoria: 'nivel_1_categoria',
  nome_nivel1_categoria: 'nivel_1_categoria',
};

const levelOfPrefix: Record<string, string> = { F: 'fundo', C: 'classe', S: 'subclasse' };
const bareLevelFields = ['identificador', 'tipo_identificador', 'nome_comercial'];

export interface NamedRecord {
  /** The code field the record is keyed by (`codigo_fundo`, `identificador`…). */
  key: string;
  code: string;
  /** Identifying fields, under one spelling per meaning. */
  fields: Record<string, string>;
  /** For a fund's service provider: the fund it serves (`codigo_fundo F…`, `cnpj_fundo …`). */
  fund?: string;
}

type Obj = Record<string, unknown>;

/** One spelling per meaning: `codigo` → `codigo_subclasse` by its prefix, `nome_comercial` of a class object → `nome_comercial_classe`… */
function canonical(object: Obj): Obj {
  const out: Obj = {};
  for (const [name, value] of Object.entries(object)) {
    const level = typeof value === 'string' ? /^([FCS])[0-9]{10}$/.exec(value)?.[1] : undefined;
    const renamed =
      name === 'codigo' && level ? `codigo_${levelOfPrefix[level]}` : (kindAliases[name] ?? name);
    out[renamed] = value;
  }
  const levels = ['fundo', 'classe', 'subclasse'].filter((l) => typeof out[`codigo_${l}`] === 'string');
  if (levels.length === 1) {
    for (const bare of bareLevelFields) {
      if (bare in out && !(`${bare}_${levels[0]}` in out)) {
        out[`${bare}_${levels[0]}`] = out[bare];
        delete out[bare];
      }
    }
  }
  return out;
}

function recordOf(object: Obj): NamedRecord | undefined {
  const o = canonical(object);
  const key = codeFields.find((f) => typeof o[f] === 'string');
  if (!key) return undefined;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(o)) {
    if (name === key || typeof value !== 'string') continue;
    if (namePattern.test(name) || kindFields.has(name)) fields[name] = value;
  }
  return { key, code: o[key] as string, fields };
}

const providerKeys = new Set(['identificador', 'cnpj']);
const fundKeys = ['codigo_fundo', 'cnpj_fundo'];

/** The fund an object describes, itself or in a context beside its providers (v1's `dados-cadastrais`). */
function fundOf(object: Obj): string | undefined {
  for (const candidate of [object, ...Object.values(object)]) {
    if (candidate === null || typeof candidate !== 'object' || Array.isArray(candidate)) continue;
    const key = fundKeys.find((k) => typeof (candidate as Obj)[k] === 'string');
    if (key) return `${key} ${(candidate as Obj)[key]}`;
  }
  return undefined;
}

/** Every record named anywhere in a JSON value. */
export function namedRecords(value: unknown): NamedRecord[] {
  const found: NamedRecord[] = [];
  const walk = (v: unknown, fund: string | undefined) => {
    if (Array.isArray(v)) {
      for (const item of v) walk(item, fund);
    } else if (v !== null && typeof v === 'object') {
      const record = recordOf(v as Obj);
      if (record && providerKeys.has(record.key) && fund) found.push({ ...record, fund });
      else if (record) found.push(record);
      const within = fundOf(v as Obj) ?? fund;
      for (const child of Object.values(v)) walk(child, within);
    }
  };
  walk(value, undefined);
  return found;
}

/** The sandbox paths that answer with a code's record (those that do not know it answer 404). */
export function lookupPaths(code: string): string[] {
  const v2 = '/feed/fundos/v2/fundos';
  const v1 = '/feed/fundos/v1';
  if (/^F[0-9]{10}$/.test(code)) return [`${v2}/${code}`, `${v2}/${code}/historico`, `/beta${v2}/${code}`];
  if (/^[CS][0-9]{10}$/.test(code))
    return [`${v2}/${code}`, `${v2}/segmento-investidor/${code}/patrimonio-liquido`];
  if (/^[0-9]{14}$/.test(code)) return [`${v2}/instituicoes/${code}`, `${v1}/fundos-estruturados/${code}`];
  if (/^[0-9]{6}$/.test(code)) return [`${v1}/fundos/${code}`, `${v1}/fundos-offshore/${code}`];
  return [];
}

/**
 * How an example's record differs from what the sandbox answers for its code: one line per field whose value no
 * sandbox record of that code gives (an empty list when they agree).
 */
export function disagreements(example: NamedRecord, sandbox: readonly NamedRecord[]): string[] {
  const same = sandbox.filter((r) => r.key === example.key && r.code === example.code);
  if (same.length === 0) return [`${example.key} ${example.code}: the sandbox has no such record`];
  const lines: string[] = [];
  if (example.fund && !same.some((r) => r.fund === example.fund)) {
    lines.push(`${example.key} ${example.code}: the sandbox does not name it a provider of ${example.fund}`);
  }
  for (const [name, value] of Object.entries(example.fields)) {
    const answered = [...new Set(same.flatMap((r) => (name in r.fields ? [r.fields[name]] : [])))];
    if (answered.includes(value)) continue;
    lines.push(
      answered.length === 0
        ? `${example.key} ${example.code}: ${name} is ${JSON.stringify(value)}, a field the sandbox does not give for it`
        : `${example.key} ${example.code}: ${name} is ${JSON.stringify(value)}, the sandbox answers ${answered.map((a) => JSON.stringify(a)).join(' or ')}`,
    );
  }
  return lines;
}
