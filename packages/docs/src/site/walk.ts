type Json = Record<string, unknown>;

/** Visits every object node of a JSON document with its JSON-pointer path (parents before children). */
export function walk(
  node: unknown,
  visit: (value: Json, pointer: string[]) => void,
  pointer: string[] = [],
): void {
  if (Array.isArray(node)) {
    for (const [index, child] of node.entries()) walk(child, visit, [...pointer, String(index)]);
    return;
  }
  if (!node || typeof node !== 'object') return;
  visit(node as Json, pointer);
  for (const [key, child] of Object.entries(node as Json)) walk(child, visit, [...pointer, key]);
}
