// Compiles, at build time, one response validator per GET operation of a document (Ajv standalone code), so
// `validateResponses` costs no compilation at run time; the document package's `./validators` entry exports them
// as `responseValidators`, which a caller passes in, so only a bundle that validates carries them. The code is shaped for a large
// answer (a page of 1,000 records is checked in about a quarter of the time JSON.parse takes to read it): each
// answer's schema is compiled inline, string lengths are decided on the UTF-16 length, and each answer lists
// where its decimal fields are, the only places the body reader checks notation.
import { createSpecModel, formatPointer, parsePointer, type SpecModel } from '@assoc-feed/specs/model';
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

/** Keywords that only describe: dropped from the compiled schemas (they check nothing). */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'default',
  '$comment',
  'deprecated',
]);
/** Keywords whose value is data, not a schema: copied as they are. */
const DATA = new Set(['enum', 'const', 'required', 'dependentRequired']);
/** Keywords whose value maps names (of properties, not keywords: `title` may be one) to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);

/**
 * A response schema with its references replaced by what they point to, so Ajv compiles one function per answer
 * instead of one per referenced schema: a call per record costs an options object and its instancePath string
 * (about a third as much memory as parsing the answer, a collection's worth on a large page), while inline code
 * builds a path only for an error. A reference that closes a cycle stays one (Ajv compiles it as a function).
 * Siblings of a reference that check something are kept beside it (`allOf`), as JSON Schema 2020-12 reads them.
 */
export function inlineRefs(
  spec: Json,
  node: unknown,
  open: readonly string[] = [],
  model: SpecModel = createSpecModel(spec),
): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(spec, item, open, model));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$ref' || ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (DATA.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, inlineRefs(spec, schema, open, model)]),
      );
    } else out[key] = inlineRefs(spec, value, open, model);
  }
  const ref = (node as Json).$ref;
  if (typeof ref !== 'string') return out;
  // The spec model reads the reference (and says what is wrong with one that points nowhere).
  const resolved = open.includes(ref)
    ? { $ref: `${SPEC_ID}${ref}` }
    : inlineRefs(spec, model.target(ref), [...open, ref], model);
  if (Object.keys(out).length === 0) return resolved;
  return { ...out, allOf: [...((out.allOf as unknown[] | undefined) ?? []), resolved] };
}

/**
 * The JSON pointer of a response's JSON schema, following the `$ref`s on the way (shared responses are refs)
 * through the spec model, which reads references one way for every reader.
 */
function schemaPointer(model: SpecModel, parts: readonly string[]): string | undefined {
  let tokens: string[] = [];
  let node: unknown = model.spec;
  for (const key of parts) {
    const { target, refs } = model.follow<Json | undefined>(node);
    const last = refs.at(-1);
    if (last !== undefined) tokens = parsePointer(last) ?? [];
    node = target?.[key];
    if (node === undefined) return undefined;
    tokens = [...tokens, key];
  }
  return formatPointer(tokens).slice(1);
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
// A recursive schema is followed once round: the recursion may hold no decimal field (pointers cannot list it).
export function decimalPaths(
  spec: Json,
  schema: unknown,
  names: ReadonlySet<string>,
  model: SpecModel = createSpecModel(spec),
): string[] {
  const out = new Set<string>();
  const visit = (node: unknown, pointer: string, open: readonly string[]): void => {
    const { value, refs } = model.follow<Json>(node);
    if (!value || typeof value !== 'object') return;
    const cycle = refs.find((ref) => open.includes(ref));
    if (cycle) {
      const held = [...propertyNames(model, value)].filter((name) => names.has(name));
      if (held.length === 0) return;
      throw new Error(
        `codegen: the response schema refers to itself (${cycle}, at ${pointer || '/'}) with decimal fields ` +
          `inside (${held.join(', ')}): JSON pointers cannot list them. Teach decimalPaths() in ` +
          'tools/codegen/validators.ts a wildcard for the recursion.',
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

/** Every property name a schema can hold, at any depth, references followed. */
function propertyNames(model: SpecModel, schema: unknown, seen = new Set<unknown>()): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    const { value } = model.follow<Json>(node);
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    for (const name of Object.keys((value.properties as Json | undefined) ?? {})) names.add(name);
    for (const [key, child] of Object.entries(value)) if (!DATA.has(key)) visit(child);
  };
  visit(schema);
  return names;
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
  const model = createSpecModel(spec);
  let n = 0;
  for (const [path, item] of Object.entries((spec.paths as Json) ?? {})) {
    const op = (item as Json).get as Json | undefined;
    if (!op) continue;
    for (const status of Object.keys((op.responses as Json) ?? {})) {
      if (!/^2\d\d$/.test(status)) continue;
      const pointer = schemaPointer(model, [
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
      ajv.addSchema(
        inlineRefs(spec, { $ref: `#${pointer}` }, [], model) as Json,
        `${SPEC_ID.replace('spec.json', name)}`,
      );
      refs[name] = SPEC_ID.replace('spec.json', name);
      index[`GET ${path} ${status}`] = name;
      const fields = decimalPaths(spec, { $ref: `#${pointer}` }, names, model);
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
  code +=
    "\n/** What `validateResponses` needs: pass it as the client's `responseValidators` option. */\n" +
    'export const responseValidators: {\n' +
    '  validators: Readonly<Record<string, Validator>>;\n' +
    '  decimalFields: Readonly<Record<string, readonly string[]>>;\n' +
    '} = { validators, decimalFields };\n';
  return { code, count: n };
}
