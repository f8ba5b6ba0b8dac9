// The classes the release issue names, end to end through the check's own steps (diff, classify, changeset
// policy): each fixture is a before/after pair, its expected class, and whether a pending *minor* changeset
// lets it through. The same edit reads differently in a request and in a response (asymmetry).
import { describe, expect, it } from 'vitest';
import { checkPolicy, parseChangeset } from './changesets.ts';
import { countingBreaking } from './report.ts';
import { classify } from './rules.ts';
import { diffSpecs } from './spec-diff.ts';
import { getFunds, ok, params, query, requestSchema, responseSchema, spec } from './test-support/specs.ts';
import type { Obj } from './types.ts';

const fund = (properties: Obj, required: string[] = Object.keys(properties)): Obj => ({
  type: 'object',
  required,
  properties,
});
const str = { type: 'string' };
const int = { type: 'integer' };
const num = { type: 'number' };
const tipo = (values: string[]): Obj => ({ type: 'string', enum: values });

const cases: { name: string; before: Obj; after: Obj; rule: string; breaking: boolean }[] = [
  {
    name: 'new required request parameter',
    before: params(),
    after: params(query('data', { type: 'string', format: 'date' }, { required: true })),
    rule: 'request-parameter-added-required',
    breaking: true,
  },
  {
    name: 'new optional request parameter',
    before: params(),
    after: params(query('data', { type: 'string', format: 'date' })),
    rule: 'request-parameter-added-optional',
    breaking: false,
  },
  {
    name: 'removed response field',
    before: responseSchema(fund({ codigo: str, nome: str })),
    after: responseSchema(fund({ codigo: str })),
    rule: 'response-property-removed',
    breaking: true,
  },
  {
    name: 'response field narrowed to optional (may be absent now)',
    before: responseSchema(fund({ codigo: str, nome: str })),
    after: responseSchema(fund({ codigo: str, nome: str }, ['codigo'])),
    rule: 'response-property-became-optional',
    breaking: true,
  },
  {
    name: 'response field type narrowed (number → integer): clients still read it',
    before: responseSchema(fund({ cotas: num })),
    after: responseSchema(fund({ cotas: int })),
    rule: 'response-type-narrowed',
    breaking: false,
  },
  {
    name: 'response field type widened (integer → number): clients may not read it',
    before: responseSchema(fund({ cotas: int })),
    after: responseSchema(fund({ cotas: num })),
    rule: 'response-type-widened',
    breaking: true,
  },
  {
    name: 'request type widened (integer → number): old clients still send valid data',
    before: requestSchema(fund({ cotas: int })),
    after: requestSchema(fund({ cotas: num })),
    rule: 'request-type-widened',
    breaking: false,
  },
  {
    name: 'request type narrowed (number → integer)',
    before: requestSchema(fund({ cotas: num })),
    after: requestSchema(fund({ cotas: int })),
    rule: 'request-type-narrowed',
    breaking: true,
  },
  {
    name: 'enum value removed in a response',
    before: responseSchema(fund({ tipo: tipo(['FIF', 'FIDC', 'FII']) })),
    after: responseSchema(fund({ tipo: tipo(['FIF', 'FIDC']) })),
    rule: 'response-enum-value-removed',
    breaking: false,
  },
  {
    name: 'enum value added in a response (exhaustive consumers break)',
    before: responseSchema(fund({ tipo: tipo(['FIF', 'FIDC']) })),
    after: responseSchema(fund({ tipo: tipo(['FIF', 'FIDC', 'FII']) })),
    rule: 'response-enum-value-added',
    breaking: true,
  },
  {
    name: 'enum value removed in a request parameter',
    before: params(query('tipo-fundo', tipo(['FIF', 'FIDC']))),
    after: params(query('tipo-fundo', tipo(['FIF']))),
    rule: 'request-enum-value-removed',
    breaking: true,
  },
  {
    name: 'changed type in a response (string → integer)',
    before: responseSchema(fund({ codigo: str })),
    after: responseSchema(fund({ codigo: int })),
    rule: 'response-type-changed',
    breaking: true,
  },
  {
    name: 'changed type in a request (string → integer)',
    before: requestSchema(fund({ codigo: str })),
    after: requestSchema(fund({ codigo: int })),
    rule: 'request-type-changed',
    breaking: true,
  },
  {
    name: 'removed operation',
    before: spec({
      '/funds': {
        get: { responses: { '200': ok() } },
        delete: { responses: { '204': { description: 'gone' } } },
      },
    }),
    after: spec({ '/funds': { get: { responses: { '200': ok() } } } }),
    rule: 'operation-removed',
    breaking: true,
  },
  {
    name: 'new path (an operation added)',
    before: getFunds(),
    after: spec({
      '/funds': { get: { operationId: 'listFunds', responses: { '200': ok() } } },
      '/new': { get: { responses: { '200': ok() } } },
    }),
    rule: 'path-added',
    breaking: false,
  },
];

const minor = parseChangeset('small.md', '---\n"@assoc-feed/specs": minor\n---\n\nA change.\n');
const patch = parseChangeset('tiny.md', '---\n"@assoc-feed/client": patch\n---\n\nA change.\n');
const major = parseChangeset('big.md', '---\n"@assoc-feed/specs": major\n---\n\nA change.\n');
const config = { fixed: [['@assoc-feed/*', '!@assoc-feed/tools']], ignore: ['@assoc-feed/tools'] };

describe('the release issue classes', () => {
  it.each(cases)('$name: $rule', ({ before, after, rule, breaking }) => {
    const changes = diffSpecs('fixture', before, after).map(classify);
    expect(changes.map((c) => [c.rule, c.breaking])).toEqual([[rule, breaking]]);
    const counted = countingBreaking(changes, 'warn').length;
    // A minor or patch changeset passes only over non-breaking changes; a major passes over anything.
    expect(checkPolicy(counted, [minor], config).ok).toBe(!breaking);
    expect(checkPolicy(counted, [patch], config).ok).toBe(!breaking);
    expect(checkPolicy(counted, [major], config).ok).toBe(true);
  });
});
