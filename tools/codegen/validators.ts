// Compiles, at build time, one response validator per GET operation of a document (Ajv standalone code), so
// `validateResponses` costs no compilation at run time and the validators load only when the option is on
// (the document package's `./validators` entry, imported dynamically by core).
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';

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
    }
  }
  let code = standaloneCode(ajv, refs);
  // The only runtime helper the documents' keywords need (string lengths in code points); inlined so the
  // validators import nothing.
  code = code.replace(
    /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g,
    '((s) => { let n = 0; for (const _ of s) n++; return n; })',
  );
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
  return { code, count: n };
}
