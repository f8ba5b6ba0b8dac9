// One behaviour for every edge of a reference: what `target`, `follow`, `deref` and `inline` do with each.
import { describe, expect, it } from 'vitest';
import { SpecRefError } from './errors.js';
import { createSpecModel, type Json } from './spec-model.js';

const spec: Json = {
  paths: {
    '/funds': {
      get: {
        responses: {
          '200': { $ref: '#/components/responses/Ok' },
          '404': { $ref: '#/components/responses/Gone' },
        },
      },
    },
  },
  components: {
    responses: {
      Ok: {
        description: 'ok',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Fund' } } },
      },
    },
    schemas: {
      Fund: {
        type: 'object',
        description: 'a fund',
        properties: { code: { $ref: '#/components/schemas/Code' } },
      },
      Code: { type: 'string', pattern: '^F\\d{10}$' },
      Alias: { $ref: '#/components/schemas/Code' },
      AliasOfAlias: { $ref: '#/components/schemas/Alias', description: 'outer' },
      Node: {
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
      },
      LoopA: { $ref: '#/components/schemas/LoopB' },
      LoopB: { $ref: '#/components/schemas/LoopA' },
      Self: { $ref: '#/components/schemas/Self' },
      'a/b': { const: 'slash' },
      'a~b': { const: 'tilde' },
      'a b': { const: 'space' },
      Falsy: false,
      Zero: 0,
    },
  },
};
const model = createSpecModel(spec, { name: 'demo' });
const schemas = (spec.components as Json).schemas as Json;

describe('deref: the node behind a chain of references', () => {
  it.each([
    ['a node that is not a reference', { type: 'string' }, { type: 'string' }, []],
    ['undefined', undefined, undefined, []],
    ['one reference', { $ref: '#/components/schemas/Code' }, schemas.Code, ['#/components/schemas/Code']],
    [
      'a chain of references',
      { $ref: '#/components/schemas/Alias' },
      schemas.Code,
      ['#/components/schemas/Alias', '#/components/schemas/Code'],
    ],
    [
      'keywords beside a reference are laid over the target, the outermost winning',
      { $ref: '#/components/schemas/AliasOfAlias', description: 'here' },
      { ...(schemas.Code as Json), description: 'here' },
      ['#/components/schemas/AliasOfAlias', '#/components/schemas/Alias', '#/components/schemas/Code'],
    ],
    ['escaped ~1', { $ref: '#/components/schemas/a~1b' }, { const: 'slash' }, ['#/components/schemas/a~1b']],
    ['escaped ~0', { $ref: '#/components/schemas/a~0b' }, { const: 'tilde' }, ['#/components/schemas/a~0b']],
    [
      'URI-encoded',
      { $ref: '#/components/schemas/a%20b' },
      { const: 'space' },
      ['#/components/schemas/a%20b'],
    ],
    ['a false schema', { $ref: '#/components/schemas/Falsy' }, false, ['#/components/schemas/Falsy']],
    ['a falsy value', { $ref: '#/components/schemas/Zero' }, 0, ['#/components/schemas/Zero']],
  ])('%s', (_, node, value, refs) => {
    const { target: _target, ...followed } = model.follow(node);
    expect(followed).toEqual({ value, refs });
    expect(model.deref(node)).toEqual(value);
  });

  it('follow().target is the node the last reference points to, without the keywords beside the references', () => {
    const beside = { $ref: '#/components/schemas/AliasOfAlias', description: 'here' };
    expect(model.follow(beside).target).toBe(schemas.Code);
    expect(model.follow(beside).value).not.toBe(schemas.Code);
    expect(model.follow(schemas.Fund).target).toBe(schemas.Fund);
  });

  it('returns the target itself (not a copy) when nothing is laid over it', () => {
    expect(model.deref({ $ref: '#/components/schemas/Fund' })).toBe(schemas.Fund);
  });

  it('never changes the spec', () => {
    const before = JSON.stringify(spec);
    model.deref({ $ref: '#/components/schemas/AliasOfAlias', description: 'here' });
    model.inline({ $ref: '#/components/schemas/Node' });
    expect(JSON.stringify(spec)).toBe(before);
  });
});

describe('every reference that cannot be followed throws a SpecRefError naming it and where it was found', () => {
  const broken: Json = {
    paths: { '/x': { get: { responses: { '200': { $ref: '#/components/responses/Missing' } } } } },
    components: { schemas: { External: { $ref: 'Fund.yaml#/Fund' }, Bad: { $ref: '#/a%zz' } } },
  };
  const brokenModel = createSpecModel(broken, { name: 'broken' });
  const op = ((broken.paths as Json)['/x'] as Json).get as Json;
  const brokenSchemas = (broken.components as Json).schemas as Json;
  it.each([
    [
      'missing target',
      brokenModel,
      (op.responses as Json)['200'],
      'missing',
      '#/components/responses/Missing',
      '#/paths/~1x/get/responses/200',
    ],
    [
      'external reference',
      brokenModel,
      brokenSchemas.External,
      'external',
      'Fund.yaml#/Fund',
      '#/components/schemas/External',
    ],
    ['malformed fragment', brokenModel, brokenSchemas.Bad, 'malformed', '#/a%zz', '#/components/schemas/Bad'],
    [
      'a loop of references only',
      model,
      { $ref: '#/components/schemas/LoopA' },
      'cycle',
      '#/components/schemas/LoopA',
      '#/components/schemas/LoopB',
    ],
    [
      'a reference to itself',
      model,
      schemas.Self,
      'cycle',
      '#/components/schemas/Self',
      '#/components/schemas/Self',
    ],
    [
      'a node built by the caller',
      brokenModel,
      { $ref: '#/nowhere' },
      'missing',
      '#/nowhere',
      '(outside the spec)',
    ],
  ])('%s', (_, m, node, problem, ref, at) => {
    let error: unknown;
    try {
      m.deref(node);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SpecRefError);
    expect(error).toMatchObject({ problem, ref, at });
    expect((error as Error).message).toContain(`$ref ${ref} at ${at} in ${m.name}`);
  });

  it('target() names the place it is given', () => {
    expect(() => model.target('#/components/schemas/Nope', '#/paths/~1funds')).toThrow(
      '$ref #/components/schemas/Nope at #/paths/~1funds in demo: no such node',
    );
    expect(() => model.target('#/components/schemas/Nope')).toThrow(
      '$ref #/components/schemas/Nope at (no place given) in demo: no such node',
    );
  });
});

describe('inline: every reference replaced, except the one closing a cycle', () => {
  it('replaces nested references, through responses and schemas', () => {
    expect(model.inline({ $ref: '#/components/responses/Ok' })).toEqual({
      description: 'ok',
      content: {
        'application/json': {
          schema: { type: 'object', description: 'a fund', properties: { code: schemas.Code } },
        },
      },
    });
  });

  it('leaves a recursive schema finite: the reference back to itself stays a $ref', () => {
    expect(model.inline({ $ref: '#/components/schemas/Node' })).toEqual({
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
    });
  });

  it('throws on the same edges as deref', () => {
    expect(() => model.inline({ a: [{ $ref: '#/components/schemas/LoopA' }] })).toThrow(SpecRefError);
    expect(() => model.inline({ $ref: '#/components/schemas/Nope' })).toThrow(SpecRefError);
  });
});
