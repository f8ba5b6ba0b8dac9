// Comparing two bundled specs of one API: the API itself, document-level servers and security schemes, paths
// and operations (operation-diff.ts does the inside of each operation).

import { httpMethods as methods } from '@assoc-feed/specs/model';
import type { Change } from './change.ts';
import { diffOperation, type OperationContext, serversKey } from './operation-diff.ts';
import { derefObj } from './refs.ts';
import type { RuleId } from './rules.ts';
import { isObj, type Obj } from './types.ts';

const objectOf = (value: unknown): Obj => (isObj(value) ? value : {});

function operationsOf(pathItem: Obj): string[] {
  return methods.filter((method) => isObj(pathItem[method]));
}

function schemeKey(scheme: Obj): string {
  const flows = Object.entries(objectOf(scheme.flows))
    .map(([name, flow]) => {
      const f = objectOf(flow);
      return [name, f.tokenUrl, f.authorizationUrl, f.refreshUrl, Object.keys(objectOf(f.scopes)).sort()];
    })
    .sort();
  return JSON.stringify([
    scheme.type,
    scheme.scheme,
    scheme.in,
    scheme.name,
    scheme.bearerFormat,
    scheme.openIdConnectUrl,
    flows,
  ]);
}

function diffSecuritySchemes(
  before: Obj,
  after: Obj,
  emit: (rule: RuleId, location: string, message: string) => void,
): void {
  const b = objectOf(objectOf(before.components).securitySchemes);
  const a = objectOf(objectOf(after.components).securitySchemes);
  for (const name of Object.keys(b))
    if (!(name in a)) emit('security-scheme-removed', `securitySchemes.${name}`, 'scheme removed');
  for (const name of Object.keys(a)) {
    if (!(name in b)) emit('security-scheme-added', `securitySchemes.${name}`, 'scheme added');
    else if (schemeKey(derefObj(b[name], before)) !== schemeKey(derefObj(a[name], after))) {
      emit(
        'security-scheme-changed',
        `securitySchemes.${name}`,
        'type, location, name, flows or URLs changed',
      );
    }
  }
}

/** Every change from `before` to `after` (null: the API does not exist on that side), unclassified. */
export function diffSpecs(api: string, before: Obj | null, after: Obj | null): Change[] {
  const changes: Change[] = [];
  const push = (operation: string) => (rule: RuleId, location: string, message: string) =>
    changes.push({ rule, api, operation, location, message });
  const doc = push('');
  if (!before && !after) return changes;
  if (!before || !after) {
    if (!before) doc('api-added', 'api', 'new API document');
    else doc('api-removed', 'api', 'API document removed');
    return changes;
  }

  if (serversKey(before.servers) !== serversKey(after.servers))
    doc('servers-changed', 'servers', 'document servers changed');
  diffSecuritySchemes(before, after, doc);

  const bPaths = objectOf(before.paths);
  const aPaths = objectOf(after.paths);
  for (const path of Object.keys(bPaths)) {
    if (path in aPaths) continue;
    const ops = operationsOf(derefObj(bPaths[path], before)).map((m) => m.toUpperCase());
    push(path)('path-removed', 'path', `path removed${ops.length ? ` (${ops.join(', ')})` : ''}`);
  }
  for (const path of Object.keys(aPaths)) {
    if (!(path in bPaths)) {
      push(path)('path-added', 'path', 'path added');
      continue;
    }
    const bItem = derefObj(bPaths[path], before);
    const aItem = derefObj(aPaths[path], after);
    for (const method of methods) {
      const label = `${method.toUpperCase()} ${path}`;
      const bOp = bItem[method];
      const aOp = aItem[method];
      if (isObj(bOp) && !isObj(aOp)) push(label)('operation-removed', 'operation', 'operation removed');
      else if (!isObj(bOp) && isObj(aOp)) push(label)('operation-added', 'operation', 'operation added');
      else if (isObj(bOp) && isObj(aOp)) {
        const ctx: OperationContext = { beforeDoc: before, afterDoc: after, emit: push(label) };
        diffOperation(ctx, { operation: bOp, pathItem: bItem }, { operation: aOp, pathItem: aItem });
      }
    }
  }
  return changes;
}
