// The operations of a bundled spec, flattened for the pages, the code samples and the search.
import type { Document, Json } from './inputs.ts';
import { createResolver, type Resolver } from './resolve.ts';

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description: string;
  schema: Json;
  /** The parameter's own example (example, or the first of examples), if it has one. */
  example?: unknown;
}

export interface Operation {
  api: string;
  method: string;
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  deprecated: boolean;
  /** The identifier the document gives the operation (E1, V7, A/resultados-ima), from x-document-id. */
  documentId?: string;
  parameters: Parameter[];
  /** The operation object itself (refs unresolved). */
  node: Json;
}

function toParameter(raw: unknown, resolve: Resolver): Parameter {
  const p = resolve<Json>(raw);
  const examples = p.examples as Record<string, Json> | undefined;
  const firstExample = examples ? Object.values(examples).map((e) => resolve<Json>(e))[0] : undefined;
  const example = p.example !== undefined ? p.example : firstExample?.value;
  return {
    name: String(p.name),
    in: String(p.in),
    required: p.required === true,
    description: String(p.description ?? ''),
    schema: resolve<Json>(p.schema ?? {}),
    ...(example !== undefined ? { example } : {}),
  };
}

export function listOperations(doc: Document): Operation[] {
  const resolve = createResolver(doc.spec);
  const out: Operation[] = [];
  for (const [path, rawItem] of Object.entries((doc.spec.paths as Json | undefined) ?? {})) {
    const item = resolve<Json>(rawItem);
    const shared = ((item.parameters as unknown[]) ?? []).map((p) => toParameter(p, resolve));
    for (const method of httpMethods) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const own = ((op.parameters as unknown[]) ?? []).map((p) => toParameter(p, resolve));
      const parameters = [
        ...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)),
        ...own,
      ];
      if (typeof op.operationId !== 'string')
        throw new Error(`${doc.api}: ${method.toUpperCase()} ${path} has no operationId`);
      const tags = (op.tags as string[] | undefined) ?? [];
      out.push({
        api: doc.api,
        method,
        path,
        operationId: op.operationId,
        summary: String(op.summary ?? op.operationId),
        description: String(op.description ?? ''),
        tag: tags[0] ?? '',
        deprecated: op.deprecated === true,
        ...(typeof op['x-document-id'] === 'string' ? { documentId: op['x-document-id'] } : {}),
        parameters,
        node: op,
      });
    }
  }
  return out;
}

/** A list the client can page through: it takes size and page (or cursor, E8) query parameters. */
export function isPaginated(op: Operation): boolean {
  const query = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  return query.has('size') && (query.has('page') || query.has('cursor'));
}
