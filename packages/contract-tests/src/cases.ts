// One contract case per operation of a bundled document spec: the request is built from the spec's own
// parameter examples, so the cases follow the spec as it changes and no value is typed here by hand.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

type Json = Record<string, unknown>;
const require = createRequire(import.meta.url);

export type DocumentName = 'fundos-v2' | 'fundos-v1' | 'precos-indices';
export type Security = 'flowA' | 'flowB' | 'basic' | 'none';

export interface ContractCase {
  /** `E1 GET /feed/fundos/v2/fundos`: names the test. */
  name: string;
  method: 'get' | 'post';
  path: string;
  security: Security;
  successStatus: number;
  params: { path: Record<string, string>; query: Record<string, unknown> };
  /** Whether the operation declares a JSON request body (then an example of it is sent). */
  body?: unknown;
}

export function loadDocumentSpec(name: DocumentName | 'feed'): Json {
  return JSON.parse(readFileSync(require.resolve(`@assoc-feed/specs/${name}.json`), 'utf8')) as Json;
}

function deref(spec: Json, node: unknown): Json {
  let current = node as Json;
  while (current && typeof current.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((acc, key) => acc[key] as Json, spec);
  }
  return current;
}

function securityOf(requirements: Json[] | undefined): Security {
  for (const req of requirements ?? []) {
    if ('ClientId' in req && 'AccessToken' in req) return 'flowA';
    if ('InputClientCredentials' in req) return 'flowB';
    if ('BasicClientCredentials' in req) return 'basic';
  }
  return 'none';
}

function exampleOf(spec: Json, param: Json): unknown {
  if (param.example !== undefined) return param.example;
  const named = Object.values((param.examples as Json | undefined) ?? {})[0];
  if (named !== undefined) return deref(spec, named).value;
  const schema = deref(spec, param.schema);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  return undefined;
}

/** Every GET/POST operation of the spec, in spec order, with a request built from its examples. */
export function contractCases(spec: Json): ContractCase[] {
  const cases: ContractCase[] = [];
  for (const [path, rawItem] of Object.entries(spec.paths as Json)) {
    const item = deref(spec, rawItem);
    for (const method of ['get', 'post'] as const) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const params = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].map(
        (p) => deref(spec, p),
      );
      const request: ContractCase['params'] = { path: {}, query: {} };
      for (const param of params) {
        const value = exampleOf(spec, param);
        if (value === undefined) {
          if (param.required || param.in === 'path') {
            throw new Error(
              `${method.toUpperCase()} ${path}: parameter ${String(param.name)} is required but has no example; add one to the spec.`,
            );
          }
          continue;
        }
        if (param.in === 'path') request.path[String(param.name)] = String(value);
        if (param.in === 'query') request.query[String(param.name)] = value;
      }
      const responses = op.responses as Json;
      const successStatus = Number(Object.keys(responses).find((status) => status.startsWith('2')));
      const bodyContent = (deref(spec, op.requestBody)?.content as Json | undefined)?.['application/json'] as
        | Json
        | undefined;
      cases.push({
        name: `${String(op['x-document-id'] ?? op.operationId)} ${method.toUpperCase()} ${path}`,
        method,
        path,
        security: securityOf(op.security as Json[] | undefined),
        successStatus,
        params: request,
        ...(bodyContent ? { body: bodyContent.example ?? {} } : {}),
      });
    }
  }
  return cases;
}

/** The URL of a case's request with its path and query parameters filled in, for raw (header-less) calls. */
export function caseUrl(baseUrl: string, c: ContractCase): string {
  const path = c.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(c.params.path[name] ?? ''),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(c.params.query)) {
    for (const one of Array.isArray(value) ? value : [value]) query.append(name, String(one));
  }
  const qs = query.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}
