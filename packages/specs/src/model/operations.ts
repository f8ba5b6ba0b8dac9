// The operations of a spec, as every reader needs them: where they are, what they take (parameters merged from
// the path item and the operation, request body), what they answer, their security and our `x-` extensions.
// Objects behind references are resolved one level (a parameter, a response, the request body); the schemas
// inside them stay as written, for the reader to `deref` or `inline` as it needs.

import { formatPointer } from './pointer.js';
import type { Json, SpecReader } from './reader.js';

/** The methods of a path item, in the order OpenAPI lists them (and operations are listed in). */
export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** A Parameter Object, resolved; other keywords (style, explode, examples, `x-`…) as written. */
export interface Parameter extends Json {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: unknown;
}

/** One Security Requirement Object: scheme name → scopes. */
export type SecurityRequirement = Record<string, string[]>;

export interface Operation {
  method: HttpMethod;
  path: string;
  /** `GET /feed/fundos/v2/fundos`: how messages name the operation. */
  label: string;
  /** Where it is: `#/paths/~1feed~1fundos~1v2~1fundos/get`. */
  pointer: string;
  operationId?: string;
  /** The identifier the document gives it (E1, V7, A/resultados-ima): `x-document-id`. */
  documentId?: string;
  tags: string[];
  deprecated: boolean;
  /** Path-level parameters the operation does not redefine (same `in` and `name`), then the operation's own. */
  parameters: Parameter[];
  /** The Request Body Object, resolved. */
  requestBody?: Json;
  /** Response Objects by status (`200`, `4XX`, `default`), resolved, in the spec's order. */
  responses: Record<string, Json>;
  /** The requirements that apply: the operation's, else the document's; `[]` is no authentication. */
  security: SecurityRequirement[];
  /** The operation's `x-` keywords (`x-document-id`, `x-date-window`, `x-required-together`, …). */
  extensions: Record<string, unknown>;
  /** The operation object as written (references unresolved). */
  node: Json;
  /** The path item, resolved. */
  pathItem: Json;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function listOperations(model: SpecReader): Operation[] {
  const out: Operation[] = [];
  const paths = model.deref<Json | undefined>(model.spec.paths) ?? {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const pathItem = model.deref<Json>(rawItem);
    const shared = sharedParameters(model, pathItem);
    for (const method of httpMethods) {
      const node = pathItem[method] as Json | undefined;
      if (node && typeof node === 'object')
        out.push(operationOf(model, path, pathItem, shared, method, node));
    }
  }
  return out;
}

/**
 * One operation, read on its own (`undefined` when the spec has none at `method` + `path`): what SpecModel.operation
 * gives. Only the references of this operation and its path item are followed.
 */
export function readOperation(model: SpecReader, method: HttpMethod, path: string): Operation | undefined {
  const paths = model.deref<Json | undefined>(model.spec.paths) ?? {};
  if (!Object.hasOwn(paths, path)) return undefined;
  const pathItem = model.deref<Json>(paths[path]);
  const node = pathItem[method] as Json | undefined;
  if (!node || typeof node !== 'object') return undefined;
  return operationOf(model, path, pathItem, sharedParameters(model, pathItem), method, node);
}

function sharedParameters(model: SpecReader, pathItem: Json): Parameter[] {
  return listOf(pathItem.parameters).map((p) => model.deref<Parameter>(p));
}

function operationOf(
  model: SpecReader,
  path: string,
  pathItem: Json,
  shared: Parameter[],
  method: HttpMethod,
  node: Json,
): Operation {
  const own = listOf(node.parameters).map((p) => model.deref<Parameter>(p));
  const parameters = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
  const responses: Record<string, Json> = {};
  for (const [status, response] of Object.entries((node.responses as Json | undefined) ?? {}))
    responses[status] = model.deref<Json>(response);
  const extensions = Object.fromEntries(Object.entries(node).filter(([key]) => key.startsWith('x-')));
  const operation: Operation = {
    method,
    path,
    label: `${method.toUpperCase()} ${path}`,
    pointer: formatPointer(['paths', path, method]),
    tags: listOf(node.tags).filter((t): t is string => typeof t === 'string'),
    deprecated: node.deprecated === true,
    parameters,
    responses,
    security: (node.security ?? model.spec.security ?? []) as SecurityRequirement[],
    extensions,
    node,
    pathItem,
  };
  if (typeof node.operationId === 'string') operation.operationId = node.operationId;
  if (typeof node['x-document-id'] === 'string') operation.documentId = node['x-document-id'];
  if (node.requestBody !== undefined) operation.requestBody = model.deref<Json>(node.requestBody);
  return operation;
}
