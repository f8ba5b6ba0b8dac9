// The ahead-of-time response validators: Ajv's string-length checks rewritten to decide on the UTF-16 length
// first (and the build failing on a form it cannot rewrite), and the decimal fields listed per operation.
import { Ajv2020 } from 'ajv/dist/2020.js';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { decimalPaths, lengthChecks, validatorsModule } from './validators.ts';

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
    const { validators } = await load(lengthSpec);
    const validate = validators['GET /x 200'] as Validate;
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
    const { validators } = await load(lengthSpec);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const [field, rule] of Object.entries(LIMITS)) {
      const reference = ajv.compile({ type: 'object', properties: { [field]: { type: 'string', ...rule } } });
      for (const value of STRINGS) {
        expect([field, value, (validators['GET /x 200'] as Validate)({ [field]: value })]).toEqual([
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

  it('a schema that refers to itself fails with what to do', () => {
    const tree = {
      Node: {
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
      },
    };
    const spec = specWith({ $ref: '#/components/schemas/Node' }, tree);
    expect(() => decimalPaths(spec, { $ref: '#/components/schemas/Node' }, new Set(['valor_cota']))).toThrow(
      /refers to itself \(#\/components\/schemas\/Node, at \/children\/\*\).*wildcard/,
    );
  });
});
