// Compiles, at build time, one response validator per GET operation of a document (Ajv standalone code), so
// `validateResponses` costs no compilation at run time and the validators load only when the option is on
// (the document package's `./validators` entry, imported dynamically by core).
import { createSpecModel } from '@assoc-feed/specs/model';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { exactFields } from './meta.ts';

type Json = Record<string, unknown>;
// ajv's standalone module is CommonJS with a default export; under NodeNext the callable sits on `.default`.
type Standalone = (ajv: Ajv2020, refs: Record<string, string>) => string;
const standaloneCode: Standalone =
  (standaloneModule as unknown as { default?: Standalone }).default ??
  (standaloneModule as unknown as Standalone);

const SPEC_ID = 'https://assoc-feed.invalid/spec.json';
const escapePart = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** The JSON pointer of a response's JSON schema, following `$ref`s on the way (shared responses are refs). */
function schemaPointer(spec: Json, parts: string[]): string | undefined {
  let pointer = '';
  let node: unknown = spec;
  for (const key of parts) {
    let current = node as Json | undefined;
    while (current && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
      pointer = current.$ref.slice(1);
      current = pointer
        .slice(1)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<Json | undefined>((acc, part) => acc?.[part] as Json | undefined, spec);
    }
    node = current?.[key];
    if (node === undefined) return undefined;
    pointer = `${pointer}/${escapePart(key)}`;
  }
  return pointer;
}

/**
 * Counts code points by character codes, as Ajv's ucs2length (a surrogate pair is one, a lone surrogate one):
 * the only runtime helper the documents' keywords need, written into the module so the validators import nothing.
 */
const CODE_POINTS =
  'function codePoints(s) { let n = 0; for (let i = 0; i < s.length; i++) { n++; const c = s.charCodeAt(i); ' +
  'if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++; } return n; }';

/**
 * Ajv's maxLength/minLength checks (`func1(data3) > 50`: code points, counted for every string) rewritten to decide
 * on the UTF-16 length first, which is cheap and decides almost always: a string has at most as many code points
 * as UTF-16 units and at least half as many. So `length <= max` passes maxLength, `length < min` fails minLength and
 * `length >= 2 × min` passes it; only the strings in between are counted. Every check must be rewritten: a form
 * this does not recognise (another Ajv) fails the build rather than leave a check behind that counts nothing.
 */
export function lengthChecks(code: string): string {
  const expected = (code.match(/keyword:"(?:max|min)Length"/g) ?? []).length;
  const declaration = /const (func\d+) = require\("ajv\/dist\/runtime\/ucs2length"\)\.default;/.exec(code);
  if (!declaration) {
    if (expected === 0) return code;
    throw new Error(
      `codegen: Ajv's standalone code has ${expected} maxLength/minLength checks but no ucs2length helper in the ` +
        'form tools/codegen/validators.ts rewrites (`const funcN = require("ajv/dist/runtime/ucs2length").default`). ' +
        'Ajv changed how it counts string lengths: update lengthChecks() to the new form (and its tests).',
    );
  }
  const [line, func] = declaration as unknown as [string, string];
  if (code.includes('codePoints'))
    throw new Error("codegen: Ajv's code already names `codePoints`: rename the helper.");
  let rewritten = 0;
  const check = new RegExp(`\\b${func}\\(([A-Za-z_$][\\w$]*)\\) ([<>]) (\\d+)(?![\\w.])`, 'g');
  const out = code
    .replace(line, CODE_POINTS)
    .replace(check, (_, data: string, op: string, digits: string) => {
      rewritten++;
      const limit = Number(digits);
      if (op === '>') return `(${data}.length > ${limit} && codePoints(${data}) > ${limit})`;
      // At most one code point per unit: below 2 the UTF-16 length decides alone.
      if (limit <= 1) return `${data}.length < ${limit}`;
      return `(${data}.length < ${limit} || (${data}.length < ${2 * limit} && codePoints(${data}) < ${limit}))`;
    });
  const left = out.match(new RegExp(`.{0,60}\\b${func}\\b.{0,60}`));
  if (left || rewritten !== expected) {
    throw new Error(
      `codegen: a maxLength/minLength check in a form tools/codegen/validators.ts does not recognise ` +
        `(${rewritten} of ${expected} rewritten${left ? `; near: ${left[0]}` : ''}). It rewrites ` +
        `\`${func}(dataN) > <limit>\` and \`${func}(dataN) < <limit>\`: update lengthChecks() to the form Ajv now writes ` +
        '(and its tests), so no length check is dropped.',
    );
  }
  return out;
}

// Where a response schema holds the fields under `names` (the document's exact fields: the decimals whose
// notation the body reader checks), as JSON pointers into the body, `*` standing for every item of a list or
// value of a map (e.g. `/content/*/valor_cota`). Composition (allOf, oneOf, anyOf) lists every branch's fields.

export function decimalPaths(spec: Json, schema: unknown, names: ReadonlySet<string>): string[] {
  const model = createSpecModel(spec);
  const out = new Set<string>();
  const visit = (node: unknown, pointer: string, open: readonly string[]): void => {
    const { value, refs } = model.follow<Json>(node);
    if (!value || typeof value !== 'object') return;
    const cycle = refs.find((ref) => open.includes(ref));
    if (cycle) {
      throw new Error(
        `codegen: the response schema refers to itself (${cycle}, at ${pointer || '/'}): decimalFields cannot ` +
          'list its paths. Teach decimalPaths() in tools/codegen/validators.ts a wildcard for the recursion.',
      );
    }
    const inside = [...open, ...refs];
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      for (const part of (value[key] as unknown[] | undefined) ?? []) visit(part, pointer, inside);
    }
    for (const [name, property] of Object.entries((value.properties as Json | undefined) ?? {})) {
      if (name === '*')
        throw new Error(`codegen: a property named "*" at ${pointer || '/'} would read as a wildcard.`);
      const at = `${pointer}/${escapePart(name)}`;
      if (names.has(name)) out.add(at);
      visit(property, at, inside);
    }
    for (const items of [value.items, ...((value.prefixItems as unknown[] | undefined) ?? [])]) {
      if (items && typeof items === 'object') visit(items, `${pointer}/*`, inside);
    }
    for (const extra of [
      value.additionalProperties,
      ...Object.values((value.patternProperties as Json) ?? {}),
    ]) {
      if (extra && typeof extra === 'object') visit(extra, `${pointer}/*`, inside);
    }
  };
  visit(schema, '', []);
  return [...out].sort();
}

/** ES module text: `export const v0 = …` per validator and `validators`: "GET path status" → export name. */
export function validatorsModule(spec: Json): { code: string; count: number } {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    // The documents use one format; a plain pattern keeps the standalone code free of ajv-formats.
    formats: { date: /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/ },
    code: { source: true, esm: true, lines: false, optimize: true },
  });
  ajv.addSchema(spec, SPEC_ID);
  const refs: Record<string, string> = {};
  const index: Record<string, string> = {};
  const decimals: Record<string, string[]> = {};
  const names = new Set(Object.keys(exactFields(spec)));
  let n = 0;
  for (const [path, item] of Object.entries((spec.paths as Json) ?? {})) {
    const op = (item as Json).get as Json | undefined;
    if (!op) continue;
    for (const status of Object.keys((op.responses as Json) ?? {})) {
      if (!/^2\d\d$/.test(status)) continue;
      const pointer = schemaPointer(spec, [
        'paths',
        path,
        'get',
        'responses',
        status,
        'content',
        'application/json',
        'schema',
      ]);
      if (!pointer) continue;
      const name = `v${n++}`;
      ajv.addSchema({ $ref: `${SPEC_ID}#${pointer}` }, `${SPEC_ID.replace('spec.json', name)}`);
      refs[name] = SPEC_ID.replace('spec.json', name);
      index[`GET ${path} ${status}`] = name;
      const fields = decimalPaths(spec, { $ref: `#${pointer}` }, names);
      if (fields.length > 0) decimals[`GET ${path} ${status}`] = fields;
    }
  }
  let code = lengthChecks(standaloneCode(ajv, refs));
  const left = code.match(/require\([^)]*\)/g);
  if (left) throw new Error(`standalone validators still require ${[...new Set(left)].join(', ')}`);
  // Each export typed as a plain validator: left to inference, the emitted .d.ts would describe Ajv's internal
  // signature (a destructured options default that fails a consumer's type check without skipLibCheck).
  code = code.replace(
    /export const (v\d+) = (validate\d+);/g,
    'export const $1 = $2 as unknown as Validator;',
  );
  // The shape of core's CompiledValidator, written out: generated code imports nothing.
  code =
    'type Validator = ((data: unknown) => boolean) & {\n' +
    '  errors?: readonly { instancePath: string; keyword: string; params: Record<string, unknown>; message?: string }[] | null;\n' +
    '};\n' +
    code;
  const entries = Object.entries(index).map(([key, name]) => `  ${JSON.stringify(key)}: ${name},`);
  code += `\n\n/** "GET <path template> <status>" → its validator. */\nexport const validators = {\n${entries.join('\n')}\n};\n`;
  code +=
    '\n/**\n * "GET <path template> <status>" → where its answer holds decimal fields (JSON pointers, `*` for every item),\n' +
    ' * the only places the body reader checks decimal notation. An operation not listed has none.\n */\n' +
    `export const decimalFields: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(decimals, null, 2)};\n`;
  return { code, count: n };
}
