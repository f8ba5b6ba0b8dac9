// The ahead-of-time response validators: Ajv's string-length checks rewritten to decide on the UTF-16 length
// first (and the build failing on a form it cannot rewrite), and the decimal fields listed per operation.
import { loadSpec } from '@assoc-feed/specs/load';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { decimalPaths, inlineRefs, lengthChecks, validatorsModule } from './validators.ts';

type Json = Record<string, unknown>;
type Validate = ((data: unknown) => boolean) & {
  errors?: { instancePath: string; keyword: string }[] | null;
};

/** A one-operation spec whose 200 answer is `schema`. */
function specWith(schema: Json, components: Json = {}): Json {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/x': {
        get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } },
      },
    },
    components: { schemas: components },
  };
}

/** The generated module, compiled from TypeScript and imported, as a document package ships it. */
async function load(spec: Json): Promise<{ validators: Record<string, Validate>; decimalFields: Json }> {
  const { code } = validatorsModule(spec);
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  return import(`data:text/javascript;base64,${Buffer.from(js).toString('base64')}`);
}

const LIMITS = {
  max3: { maxLength: 3 },
  min3: { minLength: 3 },
  min1: { minLength: 1 },
  fixed2: { minLength: 2, maxLength: 2 },
};
const lengthSpec = specWith({
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(LIMITS).map(([name, rule]) => [name, { type: 'string', ...rule }]),
  ),
});
/** The module of lengthSpec, generated and imported once for every check that reads it. */
let lengthModule: ReturnType<typeof load> | undefined;
async function lengthValidate(): Promise<Validate> {
  lengthModule ??= load(lengthSpec);
  return (await lengthModule).validators['GET /x 200'] as Validate;
}

// Code points vs UTF-16 units: 😀 is one code point in two units; a lone surrogate is one code point in one.
const FACE = '\u{1F600}';
const STRINGS = [
  '',
  'a',
  'ab',
  'abc',
  'abcd',
  FACE,
  `${FACE}${FACE}`,
  `a${FACE}`,
  `a${FACE}b`,
  `${FACE}${FACE}${FACE}`,
  `${FACE}${FACE}${FACE}${FACE}`,
  `ab${FACE}`,
  '\ud800ab',
  'ab\ud800',
  '\udc00\ud800',
  'ação',
];

describe('length checks: the UTF-16 length first, code points only when it cannot decide', () => {
  it.each([
    ['max3', 'abc', true],
    ['max3', 'abcd', false],
    ['max3', `a${FACE}b`, true], // 4 units, 3 code points
    ['max3', `${FACE}${FACE}${FACE}`, true], // 6 units, 3 code points
    ['max3', `${FACE}${FACE}${FACE}${FACE}`, false],
    ['min3', 'ab', false],
    ['min3', 'abc', true],
    ['min3', `${FACE}${FACE}`, false], // 4 units, 2 code points
    ['min3', `a${FACE}`, false], // 3 units, 2 code points
    ['min3', `ab${FACE}`, true],
    ['min3', `${FACE}${FACE}${FACE}`, true], // 6 units = 2 × 3: passes on the length alone
    ['min3', '\ud800ab', true], // a lone surrogate counts as one
    ['min1', '', false],
    ['min1', FACE, true],
    ['fixed2', `${FACE}${FACE}`, true],
    ['fixed2', `a${FACE}`, true],
    ['fixed2', FACE, false],
    ['fixed2', `ab${FACE}`, false],
  ])('%s: %j is %s', async (field, value, valid) => {
    const validate = await lengthValidate();
    expect(validate({ [field]: value })).toBe(valid);
    if (!valid) {
      expect(validate.errors).toContainEqual(
        expect.objectContaining({
          instancePath: `/${field}`,
          keyword: expect.stringMatching(/^m(ax|in)Length$/),
        }),
      );
    }
  });

  it("agrees with Ajv's own code-point count on every string and limit", async () => {
    const validate = await lengthValidate();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const [field, rule] of Object.entries(LIMITS)) {
      const reference = ajv.compile({ type: 'object', properties: { [field]: { type: 'string', ...rule } } });
      for (const value of STRINGS) {
        expect([field, value, validate({ [field]: value })]).toEqual([
          field,
          value,
          reference({ [field]: value }),
        ]);
      }
    }
  });

  it('leaves the module free of imports and of the unicode counter on the common path', () => {
    const { code } = validatorsModule(lengthSpec);
    expect(code).not.toMatch(/require\(|ucs2length|\bfunc\d+\(/);
    expect(code).toContain('.length > 3 && codePoints(');
  });
});

describe('lengthChecks: a form it does not recognise fails the build', () => {
  const helper = 'const func1 = require("ajv/dist/runtime/ucs2length").default;';
  const error = (keyword: string) => `const err0 = {keyword:"${keyword}"};`;

  it('rewrites the forms Ajv 8 writes', () => {
    const code = `${helper}if(func1(data0) > 50){${error('maxLength')}}if(func1(data) < 2){${error('minLength')}}`;
    const out = lengthChecks(code);
    expect(out).toMatch(/^function codePoints\(s\) \{/);
    expect(out).toContain(`if((data0.length > 50 && codePoints(data0) > 50)){${error('maxLength')}}`);
    expect(out).toContain(
      `if((data.length < 2 || (data.length < 4 && codePoints(data) < 2))){${error('minLength')}}`,
    );
  });

  it.each([
    ['another comparison', `if(func1(data0) >= 50){${error('maxLength')}}`],
    ['a limit that is not a literal', `if(func1(data0) > schema3){${error('maxLength')}}`],
    ['a property access', `if(func1(data.name) > 50){${error('maxLength')}}`],
    ['the counter used outside a check', `const n = func1(data0);${error('maxLength')}`],
  ])('%s', (_name, check) => {
    expect(() => lengthChecks(`${helper}${check}`)).toThrow(
      /maxLength\/minLength check in a form tools\/codegen\/validators\.ts does not recognise.*update lengthChecks\(\)/,
    );
  });

  it('length checks without the ucs2length helper it knows', () => {
    const code = `const func1 = require("ajv/dist/runtime/strlen").default;if(func1(data0) > 5){${error('maxLength')}}`;
    expect(() => lengthChecks(code)).toThrow(/no ucs2length helper in the form .* Ajv changed how it counts/);
  });

  it('code without length checks is left as it is', () => {
    expect(lengthChecks('if(typeof data === "string"){}')).toBe('if(typeof data === "string"){}');
  });
});

describe('decimalFields: where each answer holds decimal fields', () => {
  const decimal = { type: 'number', 'x-decimal': { precision: 33, scale: 17 } };
  const components = {
    Quota: {
      type: 'object',
      properties: { valor_cota: { $ref: '#/components/schemas/Decimal' }, nome: { type: 'string' } },
    },
    Decimal: decimal,
  };

  it('lists JSON pointers through refs, composition, lists and maps, `*` for every item', () => {
    const schema = {
      allOf: [
        { type: 'object', properties: { totalSize: { type: 'integer' } } },
        {
          type: 'object',
          properties: {
            content: { type: 'array', items: { $ref: '#/components/schemas/Quota' } },
            'por/classe': {
              type: 'object',
              additionalProperties: { oneOf: [{ $ref: '#/components/schemas/Quota' }] },
            },
            valor_cota: decimal,
          },
        },
      ],
    };
    const spec = specWith(schema, components);
    expect(decimalPaths(spec, schema, new Set(['valor_cota']))).toEqual([
      '/content/*/valor_cota',
      '/por~1classe/*/valor_cota',
      '/valor_cota',
    ]);
  });

  it("the generated module lists an operation's fields, and none for an answer without decimals", async () => {
    const spec = specWith({ type: 'array', items: { $ref: '#/components/schemas/Quota' } }, components);
    (spec.paths as Json)['/y'] = {
      get: {
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } },
        },
      },
    };
    const { decimalFields } = await load(spec);
    expect(decimalFields).toEqual({ 'GET /x 200': ['/*/valor_cota'] });
  });

  it('a schema that refers to itself: followed once round, and the build fails if the recursion holds decimals', () => {
    const tree = (leaf: string) => ({
      Node: {
        type: 'object',
        properties: {
          [leaf]: decimal,
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
      },
    });
    const root = { $ref: '#/components/schemas/Node' };
    const names = new Set(['valor_cota']);
    expect(decimalPaths(specWith(root, tree('nivel')), root, names)).toEqual([]);
    expect(() => decimalPaths(specWith(root, tree('valor_cota')), root, names)).toThrow(
      /refers to itself \(#\/components\/schemas\/Node, at \/children\/\*\) with decimal fields inside \(valor_cota\).*wildcard/,
    );
  });
});

describe('inlineRefs: one function per answer', () => {
  const components = {
    Code: { type: 'string', pattern: '^C\\d{2}$', description: 'a code', 'x-inferred': { choice: 'c' } },
    Class: {
      type: 'object',
      required: ['codigo'],
      properties: { codigo: { $ref: '#/components/schemas/Code', description: 'the class code' } },
    },
    Fund: {
      type: 'object',
      properties: {
        tipo: { type: 'string', enum: ['FIF', 'FII'], example: 'FIF' },
        classes: { type: 'array', items: { $ref: '#/components/schemas/Class' } },
      },
    },
  };
  const spec = specWith({ type: 'array', items: { $ref: '#/components/schemas/Fund' } }, components);

  it('replaces references by their targets, drops annotations, keeps a checking sibling beside its target', () => {
    expect(inlineRefs(spec, { $ref: '#/components/schemas/Class' })).toEqual({
      type: 'object',
      required: ['codigo'],
      properties: { codigo: { type: 'string', pattern: '^C\\d{2}$' } },
    });
    // Properties named like annotations are properties, kept and checked.
    const named = {
      type: 'object',
      required: ['title'],
      properties: { title: { $ref: '#/components/schemas/Code' }, 'x-y': { type: 'integer' } },
    };
    expect(inlineRefs(spec, named)).toEqual({
      type: 'object',
      required: ['title'],
      properties: { title: { type: 'string', pattern: '^C\\d{2}$' }, 'x-y': { type: 'integer' } },
    });
    expect(inlineRefs(spec, { $ref: '#/components/schemas/Code', maxLength: 2 })).toEqual({
      maxLength: 2,
      allOf: [{ type: 'string', pattern: '^C\\d{2}$' }],
    });
  });

  it('compiles to a single function that still reports the pointer of a nested difference', async () => {
    const { code } = validatorsModule(spec);
    expect(code.match(/function validate\d+\(/g)).toHaveLength(1);
    const { validators } = await load(spec);
    const validate = validators['GET /x 200'] as Validate;
    expect(validate([{ tipo: 'FIF', classes: [{ codigo: 'C01' }, { codigo: 'C01' }] }])).toBe(true);
    expect(
      validate([
        { tipo: 'FIF', classes: [] },
        { tipo: 'ETF', classes: [{ codigo: 'C01' }, { codigo: 'X' }] },
      ]),
    ).toBe(false);
    expect(validate.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([
      ['/1/tipo', 'enum'],
      ['/1/classes/1/codigo', 'pattern'],
    ]);
  });

  it('a recursive schema stays a reference, validated to any depth', async () => {
    const tree = specWith(
      { $ref: '#/components/schemas/Node' },
      {
        Node: {
          type: 'object',
          required: ['nome'],
          properties: {
            nome: { type: 'string', maxLength: 3 },
            children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
          },
        },
      },
    );
    const { validators } = await load(tree);
    const validate = validators['GET /x 200'] as Validate;
    const deep = {
      nome: 'a',
      children: [{ nome: 'b', children: [{ nome: 'c', children: [{ nome: 'long' }] }] }],
    };
    expect(validate(deep)).toBe(false);
    expect(validate.errors?.map((e) => e.instancePath)).toEqual(['/children/0/children/0/children/0/nome']);
  });
});

describe('the generated validators of the three documents report what Ajv reports on the spec itself', () => {
  // Every documented 200 example, and deterministic mutations of it (a field removed, retyped, lengthened by
  // one character or three hundred, a date out of range, astral characters…): the generated code (inline,
  // lengths rewritten) must give the same verdict and the same errors (pointer, keyword, params, message) as
  // Ajv compiling the spec with its refs.
  const mutations: ((o: Json, k: string) => void)[] = [
    (o, k) => delete o[k],
    (o, k) => (o[k] = 12),
    (o, k) => (o[k] = 'x'.repeat(300)),
    (o, k) => (o[k] = '2025-13-01'),
    (o, k) => (o[k] = null),
    (o, k) => (o[k] = FACE.repeat(6)),
    (o, k) => (o[k] = 'C1234'),
    (o, k) => (o[k] = {}),
    (o, k) => (o[k] = [{}]),
    (o, k) => (o[k] = -1.5),
    // One character more or less, or one astral character instead of the last: the length limits' boundaries.
    (o, k) => (o[k] = `${o[k]}x`),
    (o, k) => (o[k] = String(o[k]).slice(0, -1)),
    (o, k) => (o[k] = `${String(o[k]).slice(0, -1)}${FACE}`),
  ];
  const places = (node: unknown, path: string[] = [], out: string[][] = []): string[][] => {
    if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        out.push([...path, key]);
        places(value, [...path, key], out);
      }
    }
    return out;
  };
  const errors = (validate: { errors?: unknown }) =>
    (
      (validate.errors ?? []) as {
        instancePath: string;
        keyword: string;
        params: unknown;
        message?: string;
      }[]
    )
      .map((e) => `${e.instancePath} ${e.keyword} ${JSON.stringify(e.params)} ${e.message}`)
      .sort();

  it.each(['fundos-v1', 'fundos-v2', 'precos-indices'])(
    '%s',
    async (name) => {
      const spec = loadSpec(name) as Json;
      const { validators } = await load(spec);
      const ajv = new Ajv2020({
        strict: false,
        allErrors: true,
        formats: { date: /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/ },
      });
      ajv.addSchema(spec, 'https://spec.invalid/spec.json');
      let seed = 7;
      const pick = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % n;
      };
      let compared = 0;
      for (const [path, item] of Object.entries(spec.paths as Json)) {
        // A shared response is a reference: the schema is read (and compiled) where it points.
        const written = (((item as Json).get as Json | undefined)?.responses as Json | undefined)?.['200'] as
          | Json
          | undefined;
        const at =
          typeof written?.$ref === 'string'
            ? written.$ref.slice(1)
            : `/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/get/responses/200`;
        const response = at
          .slice(1)
          .split('/')
          .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
          .reduce<Json | undefined>((node, part) => node?.[part] as Json | undefined, spec);
        const json = (response?.content as Json | undefined)?.['application/json'] as Json | undefined;
        const key = `GET ${path} 200`;
        if (!json || !validators[key]) continue;
        const mine = validators[key] as Validate;
        const reference = ajv.getSchema(
          `https://spec.invalid/spec.json#${at}/content/application~1json/schema`,
        ) as Validate;
        for (const { value } of Object.values((json.examples as Record<string, { value: unknown }>) ?? {})) {
          expect([key, mine(value)]).toEqual([key, true]);
          for (let i = 0; i < 40; i++) {
            const data = structuredClone(value);
            const all = places(data);
            if (all.length === 0) break;
            const at = all[pick(all.length)] as string[];
            const parent = at.slice(0, -1).reduce<Json>((node, part) => node[part] as Json, data as Json);
            (mutations[pick(mutations.length)] as (o: Json, k: string) => void)(
              parent,
              at[at.length - 1] as string,
            );
            expect([key, mine(data), errors(mine)]).toEqual([key, reference(data), errors(reference)]);
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(200);
    },
    // Compiles every answer schema of a document twice (a few seconds idle; two minutes seen on a busy machine).
    300_000,
  );
});
