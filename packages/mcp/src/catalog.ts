// The operations this server offers: every operation of the three documents, read through the one spec model
// (@assoc-feed/specs), each with the document client that calls it. Only the documented GETs are callable; the
// two token calls and the input family's POSTs are listed, marked, and refused.
import { loadSpecModel } from '@assoc-feed/specs/load';
import type { Operation, SpecModel } from '@assoc-feed/specs/model';

/** The spec names of the three documents, and the key of each one's client in createFeedClient(). */
export const documents = {
  'fundos-v2': 'fundosV2',
  'fundos-v1': 'fundosV1',
  'precos-indices': 'precosIndices',
} as const;

export type DocumentName = keyof typeof documents;
export type DocumentKey = (typeof documents)[DocumentName];
export const documentNames = Object.keys(documents) as DocumentName[];

export interface Entry {
  /** The operationId: what the tools take as `operation`. */
  id: string;
  document: DocumentName;
  client: DocumentKey;
  model: SpecModel;
  op: Operation;
  /** Why it cannot be called here; undefined for a documented GET. */
  notCallable?: string;
}

export interface Catalog {
  /** The operations offered, in the spec's order. */
  entries: readonly Entry[];
  /** The entry of an operationId, or an Error naming the closest ones (for the tool's answer). */
  find(id: unknown): Entry;
  /** The token requests' paths: a failure there is an authentication failure, whatever its status. */
  tokenPaths: readonly string[];
}

function notCallable(op: Operation): string | undefined {
  if (op.method === 'get') return undefined;
  if (/token/i.test(op.path)) return 'not callable here: a token request (the server requests tokens itself)';
  return 'not callable here: a POST of the input family (this server only reads)';
}

export function allEntries(): Entry[] {
  return documentNames.flatMap((document) => {
    const model = loadSpecModel(document);
    return model.operations().map((op) => {
      const entry: Entry = {
        id: op.operationId ?? op.label,
        document,
        client: documents[document],
        model,
        op,
      };
      const why = notCallable(op);
      if (why) entry.notCallable = why;
      return entry;
    });
  });
}

/** An item of `--only`: an operationId, a document id (`E8`, `C/vna`), a spec name or a part of the path. */
export function matchesOnly(entry: Entry, item: string): boolean {
  return (
    entry.id === item ||
    entry.op.documentId === item ||
    entry.document === item ||
    entry.op.path.includes(item)
  );
}

/**
 * The longest name the closest-name search takes: well above every operationId, and small enough that comparing it
 * with each name costs nothing (the search's cost grows with the length of the input).
 */
export const MAX_NAME_LENGTH = 100;

export function createCatalog(only: readonly string[] = []): Catalog {
  const all = allEntries();
  const entries = only.length ? all.filter((e) => only.some((item) => matchesOnly(e, item))) : all;
  if (entries.length === 0) {
    throw new Error(
      `--only ${only.join(',')} matches no operation: give operationIds (fundosV2ListFunds), document ids (E1, C/vna), ` +
        `a document (${documentNames.join(', ')}) or part of a path (/titulos-publicos).`,
    );
  }
  const byId = new Map(entries.map((e) => [e.id, e]));
  return {
    entries,
    tokenPaths: all.filter((e) => /token/i.test(e.op.path)).map((e) => e.op.path),
    find(id) {
      if (typeof id === 'string') {
        const entry = byId.get(id);
        if (entry) return entry;
        if (all.some((e) => e.id === id)) {
          throw new Error(
            `${id} is not offered by this server (it was started with --only ${only.join(',')}).`,
          );
        }
      }
      const given = String(id);
      if (given.length > MAX_NAME_LENGTH) {
        throw new Error(
          `operation is ${given.length} characters long, and an operationId has at most ${MAX_NAME_LENGTH}: ` +
            'give one that list_operations names (e.g. fundosV2ListFunds).',
        );
      }
      const near = closest(given, [...byId.keys()]);
      throw new Error(
        `${JSON.stringify(id)} is not an operation of the Feed API. ` +
          `${near.length ? `Closest: ${near.join(', ')}. ` : ''}Call list_operations to find the operationId.`,
      );
    },
  };
}

/** The (at most three) names nearest to `input` by edit distance, ignoring case. */
function closest(input: string, names: readonly string[]): string[] {
  const a = input.toLowerCase();
  return names
    .map((name) => ({ name, d: distance(a, name.toLowerCase()) }))
    .filter(({ d, name }) => d <= Math.max(3, Math.floor(name.length / 3)))
    .sort((x, y) => x.d - y.d)
    .slice(0, 3)
    .map(({ name }) => name);
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}
