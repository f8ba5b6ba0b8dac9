// The operations of a bundled spec, read through the spec model and flattened for the pages, the code samples
// and the search.
import { createSpecModel, httpMethods, type SpecModel } from '@assoc-feed/specs/model';
import type { Document, Json } from './inputs.ts';

export { httpMethods };

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

function toParameter(p: Json, model: SpecModel): Parameter {
  const examples = p.examples as Record<string, Json> | undefined;
  const firstExample = examples ? Object.values(examples).map((e) => model.deref<Json>(e))[0] : undefined;
  const example = p.example !== undefined ? p.example : firstExample?.value;
  return {
    name: String(p.name),
    in: String(p.in),
    required: p.required === true,
    description: String(p.description ?? ''),
    schema: model.deref<Json>(p.schema ?? {}),
    ...(example !== undefined ? { example } : {}),
  };
}

export function listOperations(doc: Document): Operation[] {
  const model = createSpecModel(doc.spec, { name: doc.api });
  return model.operations().map((op) => {
    if (op.operationId === undefined)
      throw new Error(`${doc.api}: ${op.method.toUpperCase()} ${op.path} has no operationId`);
    return {
      api: doc.api,
      method: op.method,
      path: op.path,
      operationId: op.operationId,
      summary: String(op.node.summary ?? op.operationId),
      description: String(op.node.description ?? ''),
      tag: op.tags[0] ?? '',
      deprecated: op.deprecated,
      ...(op.documentId !== undefined ? { documentId: op.documentId } : {}),
      parameters: op.parameters.map((p) => toParameter(p, model)),
      node: op.node,
    };
  });
}

/** A list the client can page through: it takes size and page (or cursor, E8) query parameters. */
export function isPaginated(op: Operation): boolean {
  const query = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  return query.has('size') && (query.has('page') || query.has('cursor'));
}
