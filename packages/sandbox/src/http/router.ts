// Matches a request path against the spec's path templates. Literal segments win over parameters, so
// `/fundos/instituicoes` is never read as `/fundos/{codigo}`.
import type { Method, OperationInfo } from '../spec-reader/operations.js';

interface Node {
  literal: Map<string, Node>;
  /** Parameter segments; two templates may name the parameter differently at the same place. */
  params: { name: string; node: Node }[];
  operations: Map<Method, OperationInfo>;
}

export type RouteMatch =
  | { kind: 'operation'; operation: OperationInfo; pathParams: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: Method[] }
  | { kind: 'not-found' }
  | { kind: 'bad-path'; reason: string };

function newNode(): Node {
  return { literal: new Map(), params: [], operations: new Map() };
}

export class Router {
  private readonly root = newNode();

  constructor(operations: readonly OperationInfo[]) {
    for (const op of operations) this.add(op);
  }

  private add(op: OperationInfo): void {
    let node = this.root;
    for (const segment of op.path.split('/').slice(1)) {
      const param = /^\{(.+)\}$/.exec(segment);
      if (param) {
        const name = param[1] as string;
        let branch = node.params.find((p) => p.name === name);
        if (!branch) {
          branch = { name, node: newNode() };
          node.params.push(branch);
        }
        node = branch.node;
      } else {
        let next = node.literal.get(segment);
        if (!next) {
          next = newNode();
          node.literal.set(segment, next);
        }
        node = next;
      }
    }
    node.operations.set(op.method, op);
  }

  match(method: string, pathname: string): RouteMatch {
    if (!pathname.startsWith('/')) return { kind: 'bad-path', reason: 'the path must start with /' };
    const raw = pathname.split('/').slice(1);
    const segments: string[] = [];
    for (const s of raw) {
      try {
        segments.push(decodeURIComponent(s));
      } catch {
        return { kind: 'bad-path', reason: 'the path has a malformed percent-encoding' };
      }
    }
    const found = this.walk(this.root, segments, 0, {});
    if (!found) return { kind: 'not-found' };
    const m = method.toLowerCase() === 'head' ? 'get' : (method.toLowerCase() as Method);
    const operation = found.node.operations.get(m);
    if (operation) return { kind: 'operation', operation, pathParams: found.params };
    return { kind: 'method-not-allowed', allowed: [...found.node.operations.keys()] };
  }

  private walk(
    node: Node,
    segments: string[],
    index: number,
    params: Record<string, string>,
  ): { node: Node; params: Record<string, string> } | undefined {
    if (index === segments.length) return node.operations.size > 0 ? { node, params } : undefined;
    const segment = segments[index] as string;
    const literal = node.literal.get(segment);
    if (literal) {
      const hit = this.walk(literal, segments, index + 1, params);
      if (hit) return hit;
    }
    if (segment === '') return undefined;
    for (const branch of node.params) {
      const hit = this.walk(branch.node, segments, index + 1, { ...params, [branch.name]: segment });
      if (hit) return hit;
    }
    return undefined;
  }
}
