// @ts-check
// feed/component-names: every component (schema, response, parameter) has a name of its own, and none is named
// after a JavaScript or TypeScript global (specs/CONVENTIONS.md "Component names"). Code generators turn a
// component's name into one identifier per component (`vnaSchema`, `zVna`, `Vna`), whatever its kind and case:
// a response named like a schema overwrites the schema, and a schema named `Error` shadows the global.
// The bundler names a component after its file (`responses/VnaResponse.yaml` → `VnaResponse`), so the rule
// reads names off the files a document refers to, and off the document's own `components` sections.
import { isObject } from '../util.js';

/**
 * Globals that generated TypeScript must not shadow: ECMAScript's, the web and Node ones that Node 20 defines,
 * and TypeScript's utility types. A fixed list, so the rule does not change with the Node that runs it.
 */
export const GLOBAL_NAMES = new Set([
  ...['AggregateError', 'Array', 'ArrayBuffer', 'Atomics', 'BigInt', 'BigInt64Array', 'BigUint64Array'],
  ...['Boolean', 'DataView', 'Date', 'Error', 'EvalError', 'FinalizationRegistry', 'Float32Array'],
  ...['Float64Array', 'Function', 'Infinity', 'Int8Array', 'Int16Array', 'Int32Array', 'Intl', 'Iterator'],
  ...['JSON', 'Map', 'Math', 'NaN', 'Number', 'Object', 'Promise', 'Proxy', 'RangeError', 'ReferenceError'],
  ...['Reflect', 'RegExp', 'Set', 'SharedArrayBuffer', 'String', 'Symbol', 'SyntaxError', 'TypeError'],
  ...['URIError', 'Uint8Array', 'Uint8ClampedArray', 'Uint16Array', 'Uint32Array', 'WeakMap', 'WeakRef'],
  ...[
    'WeakSet',
    'AbortController',
    'AbortSignal',
    'Blob',
    'Buffer',
    'Crypto',
    'Event',
    'EventTarget',
    'File',
  ],
  ...['FormData', 'Headers', 'Performance', 'ReadableStream', 'Request', 'Response', 'TextDecoder'],
  ...['TextEncoder', 'URL', 'URLSearchParams', 'WebSocket', 'WritableStream', 'Awaited', 'ArrayLike'],
  ...['Capitalize', 'Exclude', 'Extract', 'InstanceType', 'Iterable', 'Lowercase', 'NonNullable', 'Omit'],
  ...['Parameters', 'Partial', 'Pick', 'PromiseLike', 'PropertyKey', 'Readonly', 'Record', 'Required'],
  ...['ReturnType', 'ThisType', 'Uncapitalize', 'Uppercase'],
]);

/**
 * The key two names collide on in generated code: lower case, letters and digits only (`tipo-fundo` and
 * `TipoFundo` both become `tipofundo`).
 * @param {string} name
 */
export function nameKey(name) {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * A name as a generator writes a type: each word capitalised, separators dropped (`tipo-fundo` → `TipoFundo`).
 * @param {string} name
 */
export function pascalName(name) {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');
}

const KINDS = /** @type {const} */ ({ Schema: 'schema', Response: 'response', Parameter: 'parameter' });
const SECTIONS = /** @type {const} */ ({ schema: 'schemas', response: 'responses', parameter: 'parameters' });

/**
 * The component name a node gets in the bundle, or undefined for a node that is no component: the root of a
 * file of its own (named after the file), or an entry of a `components` section (named by its key).
 * @param {import('../util.js').Location} location
 * @param {string} rootFile the linted document
 * @param {'schema' | 'response' | 'parameter'} kind
 */
function componentName(location, rootFile, kind) {
  const file = location.source.absoluteRef;
  if (location.pointer === '#/' || location.pointer === '#') {
    if (file === rootFile) return undefined;
    const base = file.slice(file.lastIndexOf('/') + 1);
    return base.replace(/\.(ya?ml|json)$/, '');
  }
  const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(location.pointer);
  return match && match[1] === SECTIONS[kind] ? match[2] : undefined;
}

/**
 * @param {{ name: string, kind: string, file: string }} c
 * @param {string} rootFile
 */
function label(c, rootFile) {
  const dir = rootFile.slice(0, rootFile.lastIndexOf('/') + 1);
  const file = c.file.startsWith(dir) ? c.file.slice(dir.length) : c.file;
  return `the ${c.kind} \`${c.name}\` (${file})`;
}

/** @type {import('../util.js').Rule} */
export function ComponentNames() {
  /** @type {string | undefined} */
  let rootFile;
  /** @type {Map<string, { name: string, kind: 'schema' | 'response' | 'parameter', file: string, location: import('../util.js').Location }>} */
  const byPlace = new Map();

  /** @param {'schema' | 'response' | 'parameter'} kind */
  const visit = (kind) => ({
    /** @type {import('../util.js').Hook} */
    enter(_node, ctx) {
      if (rootFile === undefined) return;
      const name = componentName(ctx.location, rootFile, kind);
      if (name === undefined) return;
      const place = `${ctx.location.source.absoluteRef}${ctx.location.pointer}`;
      if (!byPlace.has(place)) {
        byPlace.set(place, { name, kind, file: ctx.location.source.absoluteRef, location: ctx.location });
      }
    },
  });

  return {
    Root: {
      enter(node, ctx) {
        rootFile = isObject(node) ? ctx.location.source.absoluteRef : undefined;
        byPlace.clear();
      },
      leave(_node, ctx) {
        const root = rootFile ?? '';
        /** @type {Map<string, Array<{ name: string, kind: 'schema' | 'response' | 'parameter', file: string, location: import('../util.js').Location }>>} */
        const byKey = new Map();
        for (const c of byPlace.values()) {
          const global = pascalName(c.name);
          if (GLOBAL_NAMES.has(global)) {
            ctx.report({
              message:
                `${label(c, root)} is named after the JavaScript/TypeScript global \`${global}\`: code generated ` +
                `from the spec declares \`${global}\` and shadows the global (\`class … extends ${global}\` breaks). ` +
                `Give it a name that says what it holds (\`git mv\` the file, e.g. to \`Calendar${global}.yaml\` or ` +
                `\`${global}Body.yaml\`, and update its \`$ref\`s; specs/CONVENTIONS.md "Component names").`,
              location: c.location,
            });
          }
          const key = nameKey(c.name);
          byKey.set(key, [...(byKey.get(key) ?? []), c]);
        }
        for (const same of byKey.values()) {
          if (same.length < 2) continue;
          // The schema keeps its name (users of the clients see it); the other side is renamed.
          const order = { schema: 0, response: 1, parameter: 2 };
          const [kept, ...others] = [...same].sort(
            (a, b) => order[a.kind] - order[b.kind] || a.file.localeCompare(b.file),
          );
          if (kept === undefined) continue;
          for (const other of others) {
            const suffix =
              other.kind === 'response'
                ? `\`${other.name}Response.yaml\``
                : other.kind === 'parameter'
                  ? `a name that says where it applies (\`${other.name}-instituicao.yaml\`)`
                  : 'a name of its own';
            ctx.report({
              message:
                `${label(other, root)} has the name of ${label(kept, root)}: generators write both to one ` +
                'identifier (one overwrites the other, or refers to itself), whatever the kind or the case. ' +
                `Keep the ${kept.kind}'s name and rename the ${other.kind}: \`git mv\` its file to ${suffix} and ` +
                'update its `$ref`s (specs/CONVENTIONS.md "Component names").',
              location: other.location,
            });
          }
        }
      },
    },
    Schema: visit(KINDS.Schema),
    Response: visit(KINDS.Response),
    Parameter: visit(KINDS.Parameter),
  };
}
