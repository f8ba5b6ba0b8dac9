import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parameterSchema, requiredTogether, SpecParameterRuleError } from './parameter-rules.js';
import { createSpecModel, type Json } from './spec-model.js';

const CODE = { type: 'string', pattern: '^[0-9]{6}$', maxLength: 6 };

/** A spec whose components hold `Code` and `Year`, read by the model. */
function modelWith(schemas: Json = {}) {
  return createSpecModel(
    {
      paths: {},
      components: { schemas: { Code: CODE, Year: { type: 'integer', minimum: 1990 }, ...schemas } },
    },
    { name: 'demo' },
  );
}

/** One GET /list taking `parameters`, with `extensions` on the operation. */
function operationWith(parameters: Json[], extensions: Json) {
  const model = createSpecModel(
    { paths: { '/list': { get: { parameters, responses: { 200: { description: 'ok' } }, ...extensions } } } },
    { name: 'demo' },
  );
  return model.operation('get', '/list') as NonNullable<ReturnType<typeof model.operation>>;
}

const MES = { name: 'mes', in: 'query', schema: { type: 'integer' } };
const ANO = { name: 'ano', in: 'query', schema: { type: 'integer' } };

describe("parameterSchema: the one reading of a parameter's constraints", () => {
  it.each([
    {
      name: 'its own keywords',
      schema: { type: 'integer', minimum: 1, maximum: 12, default: 1 },
      read: { type: 'integer', minimum: 1, maximum: 12, default: 1 },
    },
    { name: 'a reference followed', schema: { $ref: '#/components/schemas/Code' }, read: CODE },
    {
      name: 'allOf parts fill what it leaves unset',
      schema: { allOf: [{ $ref: '#/components/schemas/Code' }], description: 'x' },
      read: CODE,
    },
    {
      name: 'its own keywords win over its allOf parts',
      schema: { maxLength: 8, allOf: [{ $ref: '#/components/schemas/Code' }] },
      read: { ...CODE, maxLength: 8 },
    },
    {
      name: 'the first allOf part wins over the next',
      schema: { allOf: [{ $ref: '#/components/schemas/Year' }, { minimum: 2000, maximum: 2100 }] },
      read: { type: 'integer', minimum: 1990, maximum: 2100 },
    },
    {
      name: 'a type list is its non-null type, nullable',
      schema: { type: ['string', 'null'] },
      read: { type: 'string', nullable: true },
    },
    {
      name: 'array items read the same way',
      schema: { type: 'array', maxItems: 3, items: { allOf: [{ $ref: '#/components/schemas/Code' }] } },
      read: { type: 'array', maxItems: 3, items: CODE },
    },
    { name: 'no schema: no constraints', schema: undefined, read: {} },
  ])('$name', ({ schema, read }) => {
    expect(parameterSchema(modelWith(), schema)).toEqual(read);
  });
});

describe('requiredTogether: the one reading of x-required-together', () => {
  it.each([
    { name: 'none stated: no groups', extensions: {}, groups: [] },
    { name: 'one group', extensions: { 'x-required-together': [['mes', 'ano']] }, groups: [['mes', 'ano']] },
  ])('$name', ({ extensions, groups }) => {
    expect(requiredTogether(operationWith([MES, ANO], extensions))).toEqual(groups);
  });

  it.each([
    [
      'a bare list of names',
      ['mes', 'ano'],
      /must be a list of parameter name lists, such as \[\[mes, ano\]\]/,
    ],
    ['an empty group', [[]], /must be a list of parameter name lists/],
    [
      'a name that is no parameter',
      [['mes', 'dia']],
      /names dia, which is no parameter of the operation: add/,
    ],
  ])('%s: a spec error naming the fix, never a silently ignored rule', (_, value, message) => {
    const read = () => requiredTogether(operationWith([MES, ANO], { 'x-required-together': value }));
    expect(read).toThrow(SpecParameterRuleError);
    expect(read).toThrow(message);
  });

  it('reads every operation of the bundled feed.json, mes and ano where the document pairs them', () => {
    const file = createRequire(import.meta.url).resolve('@assoc-feed/specs/feed.json');
    const model = createSpecModel(JSON.parse(readFileSync(file, 'utf8')) as Json, { name: 'feed' });
    const groups = model.operations().flatMap((op) => requiredTogether(op));
    expect(groups.length).toBeGreaterThanOrEqual(10);
    for (const group of groups) expect(group).toEqual(['mes', 'ano']);
  });
});
