// One contract case per operation of a bundled document spec: the request is built from the spec's own
// parameter examples, so the cases follow the spec as it changes and no value is typed here by hand.
// The spec is read through the one spec model (@assoc-feed/specs/model).
import { loadSpec } from '@assoc-feed/specs/load';
import { createSpecModel, type Json, type SpecModel } from '@assoc-feed/specs/model';

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
  return loadSpec(name);
}

function securityOf(requirements: Json[]): Security {
  for (const req of requirements) {
    if ('ClientId' in req && 'AccessToken' in req) return 'flowA';
    if ('InputClientCredentials' in req) return 'flowB';
    if ('BasicClientCredentials' in req) return 'basic';
  }
  return 'none';
}

function exampleOf(model: SpecModel, param: Json): unknown {
  if (param.example !== undefined) return param.example;
  const named = Object.values((param.examples as Json | undefined) ?? {})[0];
  if (named !== undefined) return model.deref(named).value;
  const schema = model.deref(param.schema);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum)) return schema.enum[0];
  return undefined;
}

/** Every GET/POST operation of the spec, in spec order, with a request built from its examples. */
export function contractCases(spec: Json): ContractCase[] {
  const model = createSpecModel(spec);
  const cases: ContractCase[] = [];
  for (const op of model.operations()) {
    const { method, path } = op;
    if (method !== 'get' && method !== 'post') continue;
    const request: ContractCase['params'] = { path: {}, query: {} };
    for (const param of op.parameters) {
      const value = exampleOf(model, param);
      if (value === undefined) {
        if (param.required || param.in === 'path') {
          throw new Error(
            `${op.label}: parameter ${String(param.name)} is required but has no example; add one to the spec.`,
          );
        }
        continue;
      }
      if (param.in === 'path') request.path[String(param.name)] = String(value);
      if (param.in === 'query') request.query[String(param.name)] = value;
    }
    const successStatus = Number(Object.keys(op.responses).find((status) => status.startsWith('2')));
    const bodyContent = (op.requestBody?.content as Json | undefined)?.['application/json'] as
      | Json
      | undefined;
    cases.push({
      name: `${op.documentId ?? op.operationId} ${op.label}`,
      method,
      path,
      security: securityOf(op.security),
      successStatus,
      params: request,
      ...(bodyContent ? { body: bodyContent.example ?? {} } : {}),
    });
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
