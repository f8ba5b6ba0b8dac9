// Comparing one operation (same method and path) in two versions of a spec: its parameters, request body,
// responses, security, servers, operationId and deprecation. Schemas go to schema-diff.ts with the direction
// they travel in: parameters and bodies are requests, responses and their headers are responses.
import { derefObj } from './refs.ts';
import { type RuleId, schemaRuleId } from './rules.ts';
import { diffSchemas } from './schema-diff.ts';
import { type Direction, isObj, type Obj } from './types.ts';

export interface OperationContext {
  beforeDoc: Obj;
  afterDoc: Obj;
  /** `location` says where inside the operation; the caller knows the api and the operation. */
  emit(rule: RuleId, location: string, message: string): void;
}

export interface OperationSide {
  operation: Obj;
  pathItem: Obj;
}

const objectOf = (value: unknown): Obj => (isObj(value) ? value : {});

function schemaDiff(
  ctx: OperationContext,
  direction: Direction,
  where: string,
  before: unknown,
  after: unknown,
): void {
  diffSchemas(
    {
      direction,
      beforeDoc: ctx.beforeDoc,
      afterDoc: ctx.afterDoc,
      report: (kind, path, message) =>
        ctx.emit(schemaRuleId(direction, kind), path ? `${where}: ${path}` : where, message),
    },
    before,
    after,
  );
}

// ---- parameters ----

function parameters(side: OperationSide, doc: Obj): Map<string, Obj> {
  const map = new Map<string, Obj>();
  for (const list of [side.pathItem.parameters, side.operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const node of list) {
      const param = derefObj(node, doc);
      if (typeof param.name !== 'string' || typeof param.in !== 'string') continue;
      const name = param.in === 'header' ? param.name.toLowerCase() : param.name;
      map.set(`${param.in}:${name}`, param); // operation-level overrides path-level
    }
  }
  return map;
}

const paramLabel = (param: Obj): string => `${String(param.in)} parameter ${String(param.name)}`;
const isRequired = (param: Obj): boolean => param.in === 'path' || param.required === true;

function paramSchema(param: Obj): unknown {
  if (param.schema !== undefined) return param.schema;
  const media = Object.values(objectOf(param.content))[0];
  return isObj(media) ? media.schema : undefined;
}

function serialization(param: Obj): string {
  const style =
    typeof param.style === 'string'
      ? param.style
      : param.in === 'query' || param.in === 'cookie'
        ? 'form'
        : 'simple';
  const explode = typeof param.explode === 'boolean' ? param.explode : style === 'form';
  return `style ${style}, explode ${explode}`;
}

function diffParameters(ctx: OperationContext, before: OperationSide, after: OperationSide): void {
  const b = parameters(before, ctx.beforeDoc);
  const a = parameters(after, ctx.afterDoc);
  for (const [key, param] of b) {
    if (!a.has(key)) ctx.emit('request-parameter-removed', paramLabel(param), 'parameter removed');
  }
  for (const [key, param] of a) {
    const old = b.get(key);
    const where = paramLabel(param);
    if (!old) {
      if (isRequired(param)) ctx.emit('request-parameter-added-required', where, 'required parameter added');
      else ctx.emit('request-parameter-added-optional', where, 'optional parameter added');
      continue;
    }
    if (!isRequired(old) && isRequired(param))
      ctx.emit('request-parameter-became-required', where, 'now required');
    if (isRequired(old) && !isRequired(param))
      ctx.emit('request-parameter-became-optional', where, 'no longer required');
    if (old.deprecated !== true && param.deprecated === true)
      ctx.emit('request-parameter-deprecated', where, 'deprecated');
    if (serialization(old) !== serialization(param)) {
      ctx.emit(
        'request-parameter-serialization-changed',
        where,
        `${serialization(old)} → ${serialization(param)}`,
      );
    }
    schemaDiff(ctx, 'request', where, paramSchema(old), paramSchema(param));
  }
}

/** `x-required-together: [[mes, ano]]` (CONVENTIONS.md): a new group is a new rule on requests. */
function diffRequiredTogether(ctx: OperationContext, before: OperationSide, after: OperationSide): void {
  const groups = (op: Obj): Set<string> =>
    new Set(
      (Array.isArray(op['x-required-together']) ? op['x-required-together'] : [])
        .filter(Array.isArray)
        .map((group: unknown[]) => group.map(String).sort().join(' + ')),
    );
  const b = groups(before.operation);
  const a = groups(after.operation);
  for (const group of a) {
    if (!b.has(group))
      ctx.emit(
        'request-parameters-required-together-added',
        'x-required-together',
        `${group} now required together`,
      );
  }
  for (const group of b) {
    if (!a.has(group))
      ctx.emit(
        'request-parameters-required-together-removed',
        'x-required-together',
        `${group} no longer required together`,
      );
  }
}

// ---- bodies ----

function diffContent(
  ctx: OperationContext,
  direction: Direction,
  where: string,
  before: unknown,
  after: unknown,
): void {
  const b = objectOf(before);
  const a = objectOf(after);
  const removed: RuleId =
    direction === 'request' ? 'request-media-type-removed' : 'response-media-type-removed';
  const added: RuleId = direction === 'request' ? 'request-media-type-added' : 'response-media-type-added';
  for (const type of Object.keys(b))
    if (!(type in a)) ctx.emit(removed, `${where} ${type}`, 'media type removed');
  for (const type of Object.keys(a)) {
    if (!(type in b)) {
      ctx.emit(added, `${where} ${type}`, 'media type added');
      continue;
    }
    schemaDiff(ctx, direction, `${where} ${type}`, objectOf(b[type]).schema, objectOf(a[type]).schema);
  }
}

function diffRequestBody(ctx: OperationContext, before: OperationSide, after: OperationSide): void {
  const b =
    before.operation.requestBody === undefined
      ? undefined
      : derefObj(before.operation.requestBody, ctx.beforeDoc);
  const a =
    after.operation.requestBody === undefined
      ? undefined
      : derefObj(after.operation.requestBody, ctx.afterDoc);
  const where = 'request body';
  if (!b && a) {
    if (a.required === true) ctx.emit('request-body-added-required', where, 'required body added');
    else ctx.emit('request-body-added-optional', where, 'optional body added');
    return;
  }
  if (b && !a) {
    ctx.emit('request-body-removed', where, 'body removed');
    return;
  }
  if (!b || !a) return;
  if (b.required !== true && a.required === true)
    ctx.emit('request-body-became-required', where, 'now required');
  if (b.required === true && a.required !== true)
    ctx.emit('request-body-became-optional', where, 'no longer required');
  diffContent(ctx, 'request', where, b.content, a.content);
}

// ---- responses ----

function diffHeaders(ctx: OperationContext, where: string, before: Obj, after: Obj): void {
  const lower = (headers: unknown, doc: Obj): Map<string, Obj> =>
    new Map(
      Object.entries(objectOf(headers)).map(([name, node]) => [name.toLowerCase(), derefObj(node, doc)]),
    );
  const b = lower(before.headers, ctx.beforeDoc);
  const a = lower(after.headers, ctx.afterDoc);
  for (const name of b.keys())
    if (!a.has(name)) ctx.emit('response-header-removed', `${where} header ${name}`, 'header removed');
  for (const [name, header] of a) {
    const old = b.get(name);
    const label = `${where} header ${name}`;
    if (!old) {
      ctx.emit('response-header-added', label, 'header added');
      continue;
    }
    if (old.required === true && header.required !== true)
      ctx.emit('response-header-became-optional', label, 'no longer required');
    schemaDiff(ctx, 'response', label, paramSchema(old), paramSchema(header));
  }
}

function diffResponses(ctx: OperationContext, before: OperationSide, after: OperationSide): void {
  const b = objectOf(before.operation.responses);
  const a = objectOf(after.operation.responses);
  for (const status of Object.keys(b)) {
    if (status in a) continue;
    const success = /^2/.test(status);
    ctx.emit(
      success ? 'response-success-status-removed' : 'response-non-success-status-removed',
      `response ${status}`,
      'status removed',
    );
  }
  for (const status of Object.keys(a)) {
    if (!(status in b)) {
      ctx.emit('response-status-added', `response ${status}`, 'status added');
      continue;
    }
    const old = derefObj(b[status], ctx.beforeDoc);
    const now = derefObj(a[status], ctx.afterDoc);
    diffContent(ctx, 'response', `response ${status}`, old.content, now.content);
    diffHeaders(ctx, `response ${status}`, old, now);
  }
}

// ---- security, servers, identity ----

/** Each alternative as a canonical string; no requirement at all reads as the anonymous alternative `{}`. */
export function securityAlternatives(operation: Obj, doc: Obj): string[] {
  const list = Array.isArray(operation.security)
    ? operation.security
    : Array.isArray(doc.security)
      ? doc.security
      : [];
  if (list.length === 0) return ['{}'];
  return list.map((requirement) => {
    const entries = Object.entries(objectOf(requirement))
      .map(
        ([scheme, scopes]) =>
          `${scheme}${Array.isArray(scopes) && scopes.length ? `[${scopes.map(String).sort().join(',')}]` : ''}`,
      )
      .sort();
    return entries.length ? entries.join(' + ') : '{}';
  });
}

function diffSecurity(ctx: OperationContext, before: OperationSide, after: OperationSide): void {
  const b = securityAlternatives(before.operation, ctx.beforeDoc);
  const a = securityAlternatives(after.operation, ctx.afterDoc);
  const same = b.length === a.length && b.every((alt) => a.includes(alt));
  if (same) return;
  const message = `${b.join(' | ')} → ${a.join(' | ')}`;
  if (b.every((alt) => a.includes(alt))) ctx.emit('security-alternative-added', 'security', message);
  else ctx.emit('security-changed', 'security', message);
}

export function serversKey(servers: unknown): string {
  if (!Array.isArray(servers)) return '';
  return JSON.stringify(
    servers.map((server) => {
      const { url, variables } = objectOf(server);
      const vars = Object.entries(objectOf(variables)).map(([name, v]) => [
        name,
        objectOf(v).default,
        objectOf(v).enum,
      ]);
      return [url, vars];
    }),
  );
}

function diffServers(ctx: OperationContext, before: OperationSide, after: OperationSide): void {
  const b = before.operation.servers ?? before.pathItem.servers;
  const a = after.operation.servers ?? after.pathItem.servers;
  if (serversKey(b) !== serversKey(a))
    ctx.emit('servers-changed', 'servers', 'operation or path servers changed');
}

function diffIdentity(ctx: OperationContext, before: OperationSide, after: OperationSide): void {
  const b = before.operation;
  const a = after.operation;
  if (b.operationId !== a.operationId) {
    ctx.emit(
      'operation-id-changed',
      'operationId',
      `${String(b.operationId ?? 'none')} → ${String(a.operationId ?? 'none')}`,
    );
  }
  const deprecated = (op: Obj): boolean => op.deprecated === true || op['x-discontinued'] !== undefined;
  if (!deprecated(b) && deprecated(a)) {
    const since = objectOf(a['x-discontinued']).since;
    ctx.emit(
      'operation-deprecated',
      'operation',
      since ? `deprecated (discontinued since ${String(since)})` : 'deprecated',
    );
  }
  if (deprecated(b) && !deprecated(a))
    ctx.emit('operation-undeprecated', 'operation', 'no longer deprecated');
}

export function diffOperation(ctx: OperationContext, before: OperationSide, after: OperationSide): void {
  diffIdentity(ctx, before, after);
  diffSecurity(ctx, before, after);
  diffServers(ctx, before, after);
  diffParameters(ctx, before, after);
  diffRequiredTogether(ctx, before, after);
  diffRequestBody(ctx, before, after);
  diffResponses(ctx, before, after);
}
