// Schema changes in both directions: the same edit, classified by whether the client sends or reads it.
import { describe, expect, it } from 'vitest';
import { classify } from './rules.ts';
import { diffSpecs } from './spec-diff.ts';
import { requestSchema, responseSchema } from './test-support/specs.ts';
import type { Level, Obj } from './types.ts';

type Expected = [rule: string, level: Level][];

interface Case {
  name: string;
  before: unknown;
  after: unknown;
  /** Components shared by both sides (before/after may also differ in them: see `beforeSchemas`). */
  beforeSchemas?: Obj;
  afterSchemas?: Obj;
  request: Expected;
  response: Expected;
}

const obj = (properties: Obj, required: string[] = []): Obj => ({ type: 'object', required, properties });
const str = (extra: Obj = {}): Obj => ({ type: 'string', ...extra });
const num = (extra: Obj = {}): Obj => ({ type: 'number', ...extra });

const cases: Case[] = [
  {
    name: 'property removed',
    before: obj({ a: str(), b: str() }, ['a']),
    after: obj({ a: str() }, ['a']),
    request: [['request-property-removed', 'warn']],
    response: [['response-property-removed', 'error']],
  },
  {
    name: 'required property removed',
    before: obj({ a: str(), b: str() }, ['a', 'b']),
    after: obj({ a: str() }, ['a']),
    request: [['request-property-removed', 'warn']],
    response: [['response-property-removed', 'error']],
  },
  {
    name: 'optional property added',
    before: obj({ a: str() }),
    after: obj({ a: str(), b: str() }),
    request: [['request-property-added', 'info']],
    response: [['response-property-added', 'info']],
  },
  {
    name: 'required property added',
    before: obj({ a: str() }),
    after: obj({ a: str(), b: str() }, ['b']),
    request: [['request-property-added-required', 'error']],
    response: [['response-property-added-required', 'info']],
  },
  {
    name: 'property becomes optional',
    before: obj({ a: str() }, ['a']),
    after: obj({ a: str() }),
    request: [['request-property-became-optional', 'info']],
    response: [['response-property-became-optional', 'error']],
  },
  {
    name: 'property becomes required',
    before: obj({ a: str() }),
    after: obj({ a: str() }, ['a']),
    request: [['request-property-became-required', 'error']],
    response: [['response-property-became-required', 'info']],
  },
  {
    name: 'type changed string → integer',
    before: obj({ a: str({ maxLength: 3 }) }),
    after: obj({ a: { type: 'integer' } }),
    request: [['request-type-changed', 'error']],
    response: [['response-type-changed', 'error']],
  },
  {
    name: 'type widened integer → number',
    before: obj({ a: { type: 'integer' } }),
    after: obj({ a: num() }),
    request: [['request-type-widened', 'info']],
    response: [['response-type-widened', 'error']],
  },
  {
    name: 'null allowed (3.1 type list)',
    before: obj({ a: str() }),
    after: obj({ a: { type: ['string', 'null'] } }),
    request: [['request-type-widened', 'info']],
    response: [['response-type-widened', 'error']],
  },
  {
    name: 'null no longer allowed',
    before: obj({ a: { type: ['string', 'null'] } }),
    after: obj({ a: str() }),
    request: [['request-type-narrowed', 'error']],
    response: [['response-type-narrowed', 'info']],
  },
  {
    name: 'enum value added',
    before: obj({ a: str({ enum: ['S', 'N'] }) }),
    after: obj({ a: str({ enum: ['S', 'N', 'NA'] }) }),
    request: [['request-enum-value-added', 'info']],
    response: [['response-enum-value-added', 'warn']],
  },
  {
    name: 'enum value removed',
    before: obj({ a: str({ enum: ['S', 'N', 'NA'] }) }),
    after: obj({ a: str({ enum: ['S', 'N'] }) }),
    request: [['request-enum-value-removed', 'error']],
    response: [['response-enum-value-removed', 'info']],
  },
  {
    name: 'enum introduced',
    before: obj({ a: str() }),
    after: obj({ a: str({ enum: ['S', 'N'] }) }),
    request: [['request-enum-added', 'error']],
    response: [['response-enum-added', 'info']],
  },
  {
    name: 'enum dropped',
    before: obj({ a: str({ enum: ['S', 'N'] }) }),
    after: obj({ a: str() }),
    request: [['request-enum-removed', 'info']],
    response: [['response-enum-removed', 'warn']],
  },
  {
    name: 'const changed (read as a one-value enum)',
    before: obj({ a: str({ const: 'x' }) }),
    after: obj({ a: str({ const: 'y' }) }),
    request: [
      ['request-enum-value-added', 'info'],
      ['request-enum-value-removed', 'error'],
    ],
    response: [
      ['response-enum-value-added', 'warn'],
      ['response-enum-value-removed', 'info'],
    ],
  },
  {
    name: 'maximum lowered',
    before: obj({ a: num({ maximum: 1000 }) }),
    after: obj({ a: num({ maximum: 500 }) }),
    request: [['request-max-decreased', 'error']],
    response: [['response-max-decreased', 'info']],
  },
  {
    name: 'maximum raised',
    before: obj({ a: num({ maximum: 500 }) }),
    after: obj({ a: num({ maximum: 1000 }) }),
    request: [['request-max-increased', 'info']],
    response: [['response-max-increased', 'warn']],
  },
  {
    name: 'maximum → same exclusiveMaximum (tighter)',
    before: obj({ a: num({ maximum: 100 }) }),
    after: obj({ a: num({ exclusiveMaximum: 100 }) }),
    request: [['request-max-decreased', 'error']],
    response: [['response-max-decreased', 'info']],
  },
  {
    name: 'exclusiveMaximum unchanged under a different spelling is no change',
    before: obj({ a: num({ exclusiveMaximum: 100, maximum: 100 }) }),
    after: obj({ a: num({ exclusiveMaximum: 100 }) }),
    request: [],
    response: [],
  },
  {
    name: 'maxLength lowered',
    before: obj({ a: str({ maxLength: 50 }) }),
    after: obj({ a: str({ maxLength: 20 }) }),
    request: [['request-max-decreased', 'error']],
    response: [['response-max-decreased', 'info']],
  },
  {
    name: 'maxLength removed',
    before: obj({ a: str({ maxLength: 50 }) }),
    after: obj({ a: str() }),
    request: [['request-max-increased', 'info']],
    response: [['response-max-increased', 'warn']],
  },
  {
    name: 'maxLength removed beside an enum whose values all fit it (the same values are accepted)',
    before: obj({ a: str({ enum: ['S', 'N', 'NA', 'ND'], maxLength: 2 }) }),
    after: obj({ a: str({ enum: ['S', 'N', 'NA', 'ND'] }) }),
    request: [],
    response: [],
  },
  {
    name: 'maxLength removed beside an enum with a longer value (that value is now accepted)',
    before: obj({ a: str({ enum: ['S', 'NAO'], maxLength: 2 }) }),
    after: obj({ a: str({ enum: ['S', 'NAO'] }) }),
    request: [['request-max-increased', 'info']],
    response: [['response-max-increased', 'warn']],
  },
  {
    name: 'minimum raised',
    before: obj({ a: num({ minimum: 0 }) }),
    after: obj({ a: num({ minimum: 1 }) }),
    request: [['request-min-increased', 'error']],
    response: [['response-min-increased', 'info']],
  },
  {
    name: 'minLength removed',
    before: obj({ a: str({ minLength: 2 }) }),
    after: obj({ a: str() }),
    request: [['request-min-decreased', 'info']],
    response: [['response-min-decreased', 'warn']],
  },
  {
    name: 'maxItems set',
    before: { type: 'array', items: str() },
    after: { type: 'array', items: str(), maxItems: 10 },
    request: [['request-max-decreased', 'error']],
    response: [['response-max-decreased', 'info']],
  },
  {
    name: 'pattern added',
    before: obj({ a: str() }),
    after: obj({ a: str({ pattern: '^F\\d{10}$' }) }),
    request: [['request-pattern-added', 'error']],
    response: [['response-pattern-added', 'info']],
  },
  {
    name: 'pattern removed',
    before: obj({ a: str({ pattern: '^F\\d{10}$' }) }),
    after: obj({ a: str() }),
    request: [['request-pattern-removed', 'info']],
    response: [['response-pattern-removed', 'warn']],
  },
  {
    name: 'pattern changed',
    before: obj({ a: str({ pattern: '^F\\d{10}$' }) }),
    after: obj({ a: str({ pattern: '^[FCS]\\d{10}$' }) }),
    request: [['request-pattern-changed', 'error']],
    response: [['response-pattern-changed', 'warn']],
  },
  {
    name: 'format changed',
    before: obj({ a: str({ format: 'date' }) }),
    after: obj({ a: str({ format: 'date-time' }) }),
    request: [['request-format-changed', 'error']],
    response: [['response-format-changed', 'error']],
  },
  {
    name: 'format added',
    before: obj({ a: str() }),
    after: obj({ a: str({ format: 'date' }) }),
    request: [['request-format-added', 'error']],
    response: [['response-format-added', 'info']],
  },
  {
    name: 'additionalProperties closed',
    before: obj({ a: str() }),
    after: { ...obj({ a: str() }), additionalProperties: false },
    request: [['request-additional-properties-narrowed', 'error']],
    response: [['response-additional-properties-narrowed', 'info']],
  },
  {
    name: 'deprecated property',
    before: obj({ a: str() }),
    after: obj({ a: str({ deprecated: true }) }),
    request: [['request-property-deprecated', 'info']],
    response: [['response-property-deprecated', 'info']],
  },
  {
    name: 'default changed',
    before: obj({ a: str({ default: 'x' }) }),
    after: obj({ a: str({ default: 'y' }) }),
    request: [['request-default-changed', 'info']],
    response: [['response-default-changed', 'info']],
  },
  {
    name: 'nested object: property removed two levels down',
    before: obj({ fund: obj({ class: obj({ code: str(), name: str() }, ['code', 'name']) }) }),
    after: obj({ fund: obj({ class: obj({ code: str() }, ['code']) }) }),
    request: [['request-property-removed', 'warn']],
    response: [['response-property-removed', 'error']],
  },
  {
    name: 'array items: enum value added inside items',
    before: { type: 'array', items: obj({ role: str({ enum: ['gestor'] }) }) },
    after: { type: 'array', items: obj({ role: str({ enum: ['gestor', 'custodiante'] }) }) },
    request: [['request-enum-value-added', 'info']],
    response: [['response-enum-value-added', 'warn']],
  },
  {
    name: '$ref: change inside a referenced component',
    before: obj({ fund: { $ref: '#/components/schemas/Fund' } }),
    after: obj({ fund: { $ref: '#/components/schemas/Fund' } }),
    beforeSchemas: { Fund: obj({ code: str({ maxLength: 11 }) }, ['code']) },
    afterSchemas: { Fund: obj({ code: str({ maxLength: 8 }) }) },
    request: [
      ['request-property-became-optional', 'info'],
      ['request-max-decreased', 'error'],
    ],
    response: [
      ['response-property-became-optional', 'error'],
      ['response-max-decreased', 'info'],
    ],
  },
  {
    name: '$ref renamed but same shape: no change',
    before: { $ref: '#/components/schemas/Old' },
    after: { $ref: '#/components/schemas/New' },
    beforeSchemas: { Old: obj({ a: str() }, ['a']) },
    afterSchemas: { New: obj({ a: str() }, ['a']) },
    request: [],
    response: [],
  },
  {
    name: 'allOf merged: page envelope + records, record property removed',
    before: {
      allOf: [
        { $ref: '#/components/schemas/Page' },
        obj({ content: { type: 'array', items: { $ref: '#/components/schemas/Rec' } } }, ['content']),
      ],
    },
    after: {
      allOf: [
        { $ref: '#/components/schemas/Page' },
        obj({ content: { type: 'array', items: { $ref: '#/components/schemas/Rec' } } }, ['content']),
      ],
    },
    beforeSchemas: {
      Page: obj({ page: { type: 'integer' } }, ['page']),
      Rec: obj({ a: str(), b: str() }, ['a', 'b']),
    },
    afterSchemas: { Page: obj({ page: { type: 'integer' } }, ['page']), Rec: obj({ a: str() }, ['a']) },
    request: [['request-property-removed', 'warn']],
    response: [['response-property-removed', 'error']],
  },
  {
    name: 'allOf vs the equivalent flat schema: no change',
    before: { allOf: [obj({ a: str() }, ['a']), obj({ b: num({ maximum: 5 }) })] },
    after: obj({ a: str(), b: num({ maximum: 5 }) }, ['a']),
    request: [],
    response: [],
  },
  {
    name: 'allOf: a member removed drops its required property',
    before: { allOf: [obj({ a: str() }, ['a']), obj({ b: str() }, ['b'])] },
    after: { allOf: [obj({ a: str() }, ['a'])] },
    request: [['request-property-removed', 'warn']],
    response: [['response-property-removed', 'error']],
  },
  {
    name: 'recursive schema terminates',
    before: { $ref: '#/components/schemas/Node' },
    after: { $ref: '#/components/schemas/Node' },
    beforeSchemas: {
      Node: obj({ children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } }),
    },
    afterSchemas: {
      Node: obj({ children: { type: 'array', items: { $ref: '#/components/schemas/Node' } }, n: str() }),
    },
    request: [['request-property-added', 'info']],
    response: [['response-property-added', 'info']],
  },
  {
    name: 'oneOf variant added',
    before: { oneOf: [{ $ref: '#/components/schemas/A' }] },
    after: { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] },
    beforeSchemas: { A: obj({ a: str() }) },
    afterSchemas: { A: obj({ a: str() }), B: obj({ b: str() }) },
    request: [['request-variant-added', 'info']],
    response: [['response-variant-added', 'warn']],
  },
  {
    name: 'oneOf variant removed',
    before: { oneOf: [str(), num()] },
    after: { oneOf: [str()] },
    request: [['request-variant-removed', 'error']],
    response: [['response-variant-removed', 'info']],
  },
  {
    name: 'readOnly property removed: invisible in requests',
    before: obj({ id: str({ readOnly: true }), a: str() }),
    after: obj({ a: str() }),
    request: [],
    response: [['response-property-removed', 'error']],
  },
  {
    name: 'no change',
    before: obj({ a: str({ maxLength: 5, enum: ['x'] }) }, ['a']),
    after: obj({ a: str({ maxLength: 5, enum: ['x'] }) }, ['a']),
    request: [],
    response: [],
  },
];

function changes(before: Obj, after: Obj): [string, Level][] {
  return diffSpecs('fixture', before, after)
    .map(classify)
    .map((c): [string, Level] => [c.rule, c.level])
    .sort();
}

const sorted = (expected: Expected) => [...expected].sort();

describe('schema diff, response direction (what the client reads)', () => {
  it.each(cases)('$name', ({ before, after, beforeSchemas = {}, afterSchemas = beforeSchemas, response }) => {
    expect(changes(responseSchema(before, beforeSchemas), responseSchema(after, afterSchemas))).toEqual(
      sorted(response),
    );
  });
});

describe('schema diff, request direction (what the client sends)', () => {
  it.each(cases)('$name', ({ before, after, beforeSchemas = {}, afterSchemas = beforeSchemas, request }) => {
    expect(changes(requestSchema(before, beforeSchemas), requestSchema(after, afterSchemas))).toEqual(
      sorted(request),
    );
  });
});

describe('schema diff locations', () => {
  it('names the place inside the body', () => {
    const before = responseSchema({ type: 'array', items: obj({ a: obj({ b: str() }, ['b']) }) });
    const after = responseSchema({ type: 'array', items: obj({ a: obj({ b: str() }) }) });
    const [change] = diffSpecs('fixture', before, after);
    expect(change).toMatchObject({
      operation: 'GET /funds',
      location: 'response 200 application/json: [].a.b',
      rule: 'response-property-became-optional',
    });
  });
});
