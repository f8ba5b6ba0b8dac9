// JSON pointers in URI-fragment form (`#/paths/~1feed~1fundos/get`), the only references a bundled spec holds.
// One decoding for every reader: percent-decoding first (the fragment is a URI part), then `~1` → `/` and
// `~0` → `~`, in that order (RFC 6901 §4 and §6), so `~01` is the two characters `~1`.

/** The tokens of a local reference (`#/a~1b/c%20d` → `['a/b', 'c d']`); undefined when `ref` is not local. */
export function parsePointer(ref: string): string[] | undefined {
  if (ref === '#') return [];
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The local reference of a list of tokens (`['paths', '/funds']` → `#/paths/~1funds`); no percent-encoding,
 * as the bundler writes them. */
export function formatPointer(tokens: readonly string[]): string {
  return `#${tokens.map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`;
}

/** The node at `tokens` under `root`, or undefined when a step is missing (arrays are indexed by number). */
export function nodeAt(root: unknown, tokens: readonly string[]): unknown {
  let node = root;
  for (const token of tokens) {
    if (Array.isArray(node)) node = /^(0|[1-9]\d*)$/.test(token) ? node[Number(token)] : undefined;
    else if (node !== null && typeof node === 'object')
      node = Object.hasOwn(node, token) ? (node as Record<string, unknown>)[token] : undefined;
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}
