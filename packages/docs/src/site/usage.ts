// Which operations use a component (schema, parameter, response…): every $ref reachable from the operation,
// followed through the components. Lets a choice made on a shared schema link to the operations it shapes.
import type { Json } from './inputs.ts';
import type { Operation } from './operations.ts';
import { walk } from './walk.ts';

/** "#/components/schemas/Fund/properties/x" → "#/components/schemas/Fund" */
export function componentOf(pointer: string): string | undefined {
  const m = pointer.match(/^#\/components\/[^/]+\/[^/]+/);
  return m?.[0];
}

export function componentUsers(spec: Json, operations: Operation[]): Map<string, Operation[]> {
  const direct = new Map<string, Set<string>>(); // component → components it refers to
  const refsIn = (node: unknown): Set<string> => {
    const refs = new Set<string>();
    walk(node, (value) => {
      const target = typeof value.$ref === 'string' ? componentOf(value.$ref) : undefined;
      if (target) refs.add(target);
    });
    return refs;
  };
  for (const [kind, group] of Object.entries((spec.components as Json | undefined) ?? {})) {
    for (const [name, node] of Object.entries((group as Json) ?? {}))
      direct.set(`#/components/${kind}/${name}`, refsIn(node));
  }
  const users = new Map<string, Operation[]>();
  for (const op of operations) {
    const pathItem = (spec.paths as Json)[op.path] as Json;
    const seen = new Set<string>();
    const queue = [...refsIn(op.node), ...refsIn(pathItem.parameters ?? [])];
    while (queue.length) {
      const component = queue.pop() as string;
      if (seen.has(component)) continue;
      seen.add(component);
      queue.push(...(direct.get(component) ?? []));
    }
    for (const component of seen) users.set(component, [...(users.get(component) ?? []), op]);
  }
  return users;
}
