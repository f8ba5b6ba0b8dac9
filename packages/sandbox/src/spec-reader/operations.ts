// The operations of the joined spec as the sandbox needs them: routes, parameter rules, security, paging and
// the rule extensions (x-page-envelope, x-required-together, x-date-window, x-release-schedule). Nothing here is
// written by hand per endpoint: it is all read from the spec, through the spec model. At start-up only what
// routing needs (method, path, ids); the rest of an operation is read on its first use, so a sandbox answers
// its first request without reading the 60-odd operations it has not been asked for yet.
import type { DateWindowMeta } from '@assoc-feed/core';
import {
  createSpecModel,
  httpMethods,
  type Json,
  listPaging,
  type Operation,
  type ParameterSchema,
  parameterSchema,
  requiredTogether,
  type SpecModel,
} from '@assoc-feed/specs/model';
import { componentName, flattenObject } from './schemas.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const methods: readonly string[] = ['get', 'post', 'put', 'patch', 'delete'] satisfies Method[];
const isMethod = (method: string): method is Method => methods.includes(method);

/** A parameter's constraints: the spec model's one reading of them (parameterSchema). */
export type ParamSchema = ParameterSchema;

export interface ParamInfo {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  schema: ParamSchema;
  /** Sent once per value (`?a=1&a=2`): an array parameter with form style and explode (the OpenAPI default). */
  repeatable: boolean;
}

/** The spec's `x-page-envelope`: field names of the answer, a dotted name being a nested field (`pageable.size`). */
export interface PageEnvelopeNames {
  items: string;
  page?: string;
  size?: string;
  totalElements?: string;
  totalPages?: string;
  /** A list paged by cursor (E8): the field of the next cursor, and the query parameter that sends it back. */
  nextCursor?: string;
  cursorParam?: string;
}

/** The spec's `x-date-window`, in the shape the clients read it (one definition, in core). */
export type DateWindow = DateWindowMeta;

export interface ReleaseSchedule {
  frequency: string;
  time?: string;
  timezone?: string;
  rule?: string;
}

export type Security = 'flowA' | 'flowB' | 'basic' | 'none';

export interface SuccessShape {
  status: number;
  /** envelope: a paginated list; array: a bare array of records; object: one record; none: no JSON schema. */
  kind: 'envelope' | 'array' | 'object' | 'none';
  /** The record schema (the items of the list or array, or the object itself). */
  recordSchema?: unknown;
  /** Component name of the record schema, when it is a `$ref`. */
  recordName?: string;
  envelope?: PageEnvelopeNames;
}

export interface OperationInfo {
  method: Method;
  path: string;
  operationId: string;
  documentId: string;
  params: ParamInfo[];
  security: Security;
  requiredTogether: string[][];
  dateWindow?: DateWindow;
  releaseSchedule?: ReleaseSchedule;
  success: SuccessShape;
  /** Status codes the operation declares. */
  statuses: Set<number>;
  /** A list paged by number (`pageParam`) or, when the envelope names a next cursor, by cursor (`cursorParam`). */
  paging?: {
    kind: 'page' | 'cursor';
    pageParam: string;
    cursorParam?: string;
    sizeParam: string;
    maxSize: number;
    defaultSize: number;
  };
  requestBody?: { required: boolean; contentTypes: string[]; schema?: unknown };
  deprecated: boolean;
  /** The raw operation object, for anything else. */
  raw: Json;
}

function securityOf(requirements: readonly Json[]): Security {
  if (requirements.length === 0) return 'none';
  for (const req of requirements) {
    if ('ClientId' in req && 'AccessToken' in req) return 'flowA';
    if ('InputClientCredentials' in req) return 'flowB';
    if ('BasicClientCredentials' in req) return 'basic';
  }
  return 'none';
}

function successShape(responses: Record<string, Json>, model: SpecModel): SuccessShape {
  const status = Object.keys(responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 300)
    .sort((a, b) => a - b)[0];
  if (status === undefined) return { status: 200, kind: 'none' };
  const response = responses[String(status)] as Json;
  const schemaNode = ((response.content as Json | undefined)?.['application/json'] as Json | undefined)
    ?.schema;
  if (!schemaNode) return { status, kind: 'none' };
  const schema = model.deref(schemaNode);
  const flat = flattenObject(model, schemaNode);
  const envelope = flat.extensions['x-page-envelope'] as PageEnvelopeNames | undefined;
  if (envelope) {
    const itemsSchema = model.deref(flat.properties[envelope.items]) as Json | undefined;
    const recordNode = itemsSchema?.items;
    return {
      status,
      kind: 'envelope',
      envelope,
      recordSchema: recordNode,
      recordName: componentName(recordNode),
    };
  }
  if (schema.type === 'array') {
    return { status, kind: 'array', recordSchema: schema.items, recordName: componentName(schema.items) };
  }
  return { status, kind: 'object', recordSchema: schemaNode, recordName: componentName(schemaNode) };
}

/** What is read of an operation on its first use. */
type Details = Omit<OperationInfo, 'method' | 'path' | 'operationId' | 'documentId' | 'deprecated' | 'raw'>;

function readDetails(op: Operation, model: SpecModel): Details {
  const params: ParamInfo[] = op.parameters
    .filter((p) => p.in === 'query' || p.in === 'path' || p.in === 'header')
    .map((p) => {
      const schema = parameterSchema(model, p.schema);
      const style = (p.style as string | undefined) ?? (p.in === 'query' ? 'form' : 'simple');
      const explode = (p.explode as boolean | undefined) ?? style === 'form';
      return {
        name: String(p.name),
        in: p.in as ParamInfo['in'],
        required: Boolean(p.required) || p.in === 'path',
        schema,
        repeatable: schema.type === 'array' && p.in === 'query' && style === 'form' && explode,
      };
    });
  const { responses } = op;
  const success = successShape(responses, model);
  const details: Details = {
    security: securityOf(op.security),
    requestBody: requestBodyOf(op.requestBody),
    params,
    requiredTogether: requiredTogether(op),
    success,
    statuses: new Set(Object.keys(responses).map(Number).filter(Number.isInteger)),
  };
  const { extensions } = op;
  if (extensions['x-date-window']) details.dateWindow = extensions['x-date-window'] as DateWindow;
  if (extensions['x-release-schedule'])
    details.releaseSchedule = extensions['x-release-schedule'] as ReleaseSchedule;
  // The spec model's one reading of paging (no fallback sizes: an incomplete paged list is a spec error).
  const paging = listPaging(model, op);
  if (paging) {
    details.paging = {
      kind: paging.kind,
      ...(paging.kind === 'cursor' ? { cursorParam: paging.cursorParam } : {}),
      pageParam: paging.kind === 'page' ? paging.pageParam : 'page',
      sizeParam: paging.sizeParam,
      maxSize: paging.maxSize,
      defaultSize: paging.defaultSize,
    };
  }
  return details;
}

/** The request body as the sandbox reads it (what routing needs to tell the input family's token call). */
function requestBodyOf(body: Json | undefined): OperationInfo['requestBody'] {
  if (body === undefined) return undefined;
  const content = (body.content as Json | undefined) ?? {};
  const first = Object.values(content)[0] as Json | undefined;
  return { required: Boolean(body.required), contentTypes: Object.keys(content), schema: first?.schema };
}

/**
 * An operation read from the spec on its first request, then kept (sandboxes on one spec share it): start-up
 * reads only what routing needs (method, path, ids).
 */
class SpecOperation implements OperationInfo {
  readonly operationId: string;
  readonly documentId: string;
  readonly deprecated: boolean;
  readonly #model: SpecModel;
  #details: Details | undefined;

  constructor(
    model: SpecModel,
    readonly method: Method,
    readonly path: string,
    readonly raw: Json,
  ) {
    this.#model = model;
    this.operationId = typeof raw.operationId === 'string' ? raw.operationId : `${method} ${path}`;
    this.documentId = typeof raw['x-document-id'] === 'string' ? raw['x-document-id'] : '';
    this.deprecated = raw.deprecated === true;
  }

  get #rest(): Details {
    if (!this.#details) {
      const op = this.#model.operation(this.method, this.path);
      if (!op)
        throw new Error(
          `${this.method.toUpperCase()} ${this.path} is no longer in the spec: the spec object was changed after the sandbox read it; give each sandbox a spec that stays as read`,
        );
      this.#details = readDetails(op, this.#model);
    }
    return this.#details;
  }

  get security() {
    return this.#rest.security;
  }
  get requestBody() {
    return this.#rest.requestBody;
  }
  get params() {
    return this.#rest.params;
  }
  get requiredTogether() {
    return this.#rest.requiredTogether;
  }
  get dateWindow() {
    return this.#rest.dateWindow;
  }
  get releaseSchedule() {
    return this.#rest.releaseSchedule;
  }
  get success() {
    return this.#rest.success;
  }
  get statuses() {
    return this.#rest.statuses;
  }
  get paging() {
    return this.#rest.paging;
  }
}

/** Every operation of the spec, in spec order (path, then OpenAPI's method order), each read on first use. */
export function readOperations(spec: Json, model = createSpecModel(spec)): OperationInfo[] {
  const out: OperationInfo[] = [];
  const paths = model.deref<Json | undefined>(spec.paths) ?? {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const pathItem = model.deref<Json>(rawItem);
    for (const method of httpMethods) {
      const node = pathItem[method];
      if (isMethod(method) && node && typeof node === 'object') {
        out.push(new SpecOperation(model, method, path, node as Json));
      }
    }
  }
  return out;
}
