// The table the request handlers and the README's Prefer list are generated from: every operation of the joined
// spec, its group and short name (`fundosV2GetFund` → fundosV2.getFund), how it authenticates, and each
// documented status with its named examples. Example values are kept once each (many operations share the
// error examples) and referred to by index. The spec is read through the shared spec model.
import { createSpecModel } from '@assoc-feed/specs/model';

export type Json = Record<string, unknown>;
export type Security = 'flowA' | 'flowB' | 'basic' | 'none';

export interface TableOperation {
  operationId: string;
  group: string;
  name: string;
  method: 'get' | 'post';
  path: string;
  security: Security;
  /** The documented success status (the first 2xx). */
  success: number;
  /** Status → example name → index into `examples`; in the spec's order. */
  responses: Record<string, Record<string, number>>;
}

export interface OperationTable {
  operations: TableOperation[];
  examples: unknown[];
}

/** Groups by operationId prefix, the way the clients are named; the token calls of both flows apart. */
const groups: [prefix: string, group: string][] = [
  ['fundosV2', 'fundosV2'],
  ['fundosV1', 'fundosV1'],
  ['precosIndices', 'precosIndices'],
  ['feed', 'flowA'],
  ['input', 'input'],
];

function groupOf(operationId: string): { group: string; name: string } {
  for (const [prefix, group] of groups) {
    if (operationId.startsWith(prefix) && /[A-Z]/.test(operationId[prefix.length] ?? '')) {
      const rest = operationId.slice(prefix.length);
      return { group, name: rest[0]?.toLowerCase() + rest.slice(1) };
    }
  }
  throw new Error(
    `operationId ${operationId} has none of the prefixes ${groups.map(([p]) => p).join(', ')}: name it after its document`,
  );
}

function securityOf(requirements: Json[]): Security {
  for (const req of requirements) {
    if ('ClientId' in req && 'AccessToken' in req) return 'flowA';
    if ('InputClientCredentials' in req) return 'flowB';
    if ('BasicClientCredentials' in req) return 'basic';
  }
  return 'none';
}

/** Builds the table from the joined spec (bundled: `#/` references only). */
export function operationTable(spec: Json): OperationTable {
  const examples: unknown[] = [];
  const indexOf = new Map<string, number>();
  const keep = (value: unknown): number => {
    const text = JSON.stringify(value);
    let index = indexOf.get(text);
    if (index === undefined) {
      index = examples.push(value) - 1;
      indexOf.set(text, index);
    }
    return index;
  };
  const operations: TableOperation[] = [];
  const model = createSpecModel(spec, { name: 'feed' });
  for (const op of model.operations()) {
    if (op.method !== 'get' && op.method !== 'post') continue;
    const operationId = String(op.operationId);
    const responses: TableOperation['responses'] = {};
    for (const [status, response] of Object.entries(op.responses)) {
      const media = model.deref<Json | undefined>(
        (response.content as Json | undefined)?.['application/json'],
      );
      const named = (media?.examples as Json | undefined) ?? {};
      if (Object.keys(named).length === 0) {
        throw new Error(
          `${operationId} ${status}: no named example under content.application/json.examples; the handlers answer examples only, so add one`,
        );
      }
      responses[status] = Object.fromEntries(
        Object.entries(named).map(([name, example]) => [name, keep(model.deref<Json>(example).value)]),
      );
    }
    const success = Number(Object.keys(responses).find((status) => /^2\d\d$/.test(status)));
    if (!success) throw new Error(`${operationId} documents no 2xx response`);
    operations.push({
      operationId,
      ...groupOf(operationId),
      method: op.method,
      path: op.path,
      security: securityOf(op.security),
      success,
      responses,
    });
  }
  return { operations, examples };
}
