import { describe, expect, test } from 'vitest';
import {
  clientOf,
  codeSamples,
  curlCommand,
  languages,
  sampleParams,
  serverUrl,
  withCodeSamples,
} from './code-samples.ts';
import type { Document, Json } from './inputs.ts';
import { listOperations } from './operations.ts';
import { tsLiteral } from './ts-literal.ts';

const spec: Json = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  servers: [{ url: '{base_url}', variables: { base_url: { default: 'https://api.assoc.example' } } }],
  components: {
    parameters: {
      page: { name: 'page', in: 'query', schema: { type: 'integer', minimum: 0 }, example: 0 },
      size: { name: 'size', in: 'query', schema: { type: 'integer', maximum: 1000 }, example: 1000 },
    },
  },
  paths: {
    '/feed/fundos/v2/fundos': {
      get: {
        operationId: 'fundosV2ListFunds',
        tags: ['Funds'],
        parameters: [
          { $ref: '#/components/parameters/page' },
          { $ref: '#/components/parameters/size' },
          {
            name: 'tipo-fundo',
            in: 'query',
            schema: { type: 'string', enum: ['ETF', 'FIF'] },
            example: 'FIF',
          },
          { name: 'no-example', in: 'query', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/feed/fundos/v2/fundos/{codigo}': {
      get: {
        operationId: 'fundosV2GetFund',
        tags: ['Funds'],
        parameters: [
          { name: 'codigo', in: 'path', required: true, schema: { type: 'string', example: 'F0000254851' } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/oauth/access-token': {
      post: { operationId: 'token', tags: ['Auth'], responses: { '200': { description: 'ok' } } },
    },
  },
};
const doc: Document = { api: 'fundos-v2', number: 1, spec };
const [list, detail, token] = listOperations(doc) as [
  ReturnType<typeof listOperations>[number],
  ReturnType<typeof listOperations>[number],
  ReturnType<typeof listOperations>[number],
];

describe('code samples', () => {
  test('the client of a document', () => {
    expect(clientOf('fundos-v2')).toEqual({
      packageName: '@assoc-feed/fundos-v2',
      factory: 'createFundosV2Client',
    });
    expect(clientOf('precos-indices').factory).toBe('createPrecosIndicesClient');
  });

  test('parameters: path ones, required ones and those with their own example; paging leaves page out', () => {
    expect(sampleParams(list)).toEqual({ path: {}, query: { page: 0, size: 1000, 'tipo-fundo': 'FIF' } });
    expect(sampleParams(list, true).query).toEqual({ size: 1000, 'tipo-fundo': 'FIF' });
    expect(sampleParams(detail)).toEqual({ path: { codigo: 'F0000254851' }, query: {} });
  });

  test('a list gets GET, paginate and curl; a detail GET and curl; a POST nothing', () => {
    expect(codeSamples(spec, list).map((s) => s.label)).toEqual([
      languages.typescript.label,
      languages.paging.label,
      languages.curl.label,
    ]);
    const [ts, paging] = codeSamples(spec, list);
    expect(ts?.source).toContain("import { createFundosV2Client } from '@assoc-feed/fundos-v2';");
    expect(ts?.source).toContain("environment: 'production',"); // core has no default environment
    expect(ts?.source).toContain(
      "const { data, error } = await client.GET('/feed/fundos/v2/fundos', {\n  params: { query: { page: 0, size: 1000, 'tipo-fundo': 'FIF' } },\n});",
    );
    expect(paging?.source).toContain(
      "for await (const item of client.paginate('/feed/fundos/v2/fundos', {\n  params: { query: { size: 1000, 'tipo-fundo': 'FIF' } },\n})) {",
    );
    expect(codeSamples(spec, detail).map((s) => s.label)).toEqual([
      languages.typescript.label,
      languages.curl.label,
    ]);
    expect(codeSamples(spec, token)).toEqual([]);
  });

  test('curl: the server with its variables, the example values, both flow-A headers', () => {
    expect(serverUrl(spec, detail)).toBe('https://api.assoc.example');
    const curl = curlCommand(spec, list);
    expect(curl).toContain(
      "curl -sS 'https://api.assoc.example/feed/fundos/v2/fundos?page=0&size=1000&tipo-fundo=FIF'",
    );
    expect(curl).toContain('-H "client_id: $FEED_CLIENT_ID"');
    expect(curl).toContain('-H "access_token: $FEED_ACCESS_TOKEN"');
    expect(curlCommand(spec, detail)).toContain('/feed/fundos/v2/fundos/F0000254851');
  });

  test('injected into a copy: the spec itself is left alone', () => {
    const copy = withCodeSamples(doc, listOperations(doc));
    const paths = copy.paths as Record<string, Record<string, Json>>;
    expect(paths['/feed/fundos/v2/fundos']?.get?.['x-codeSamples']).toHaveLength(3);
    expect(
      (spec.paths as Record<string, Record<string, Json>>)['/feed/fundos/v2/fundos']?.get?.['x-codeSamples'],
    ).toBeUndefined();
  });

  test('TypeScript literals', () => {
    expect(tsLiteral({ a: 1, 'b-c': "it's", d: ['x', true, null] })).toBe(
      "{ a: 1, 'b-c': 'it\\'s', d: ['x', true, null] }",
    );
    expect(tsLiteral({})).toBe('{}');
  });
});
