// Redoc code samples (x-codeSamples) for every GET operation: the document's typed client (one call, and for
// paginated lists the `for await` over every record), and curl with the two flow-A headers. Values come from
// the spec's parameter examples (examples.ts). Injected into the copy of the spec that Redoc renders.
import { createSpecModel } from '@assoc-feed/specs/model';
import { exampleValue, hasOwnExample } from './examples.ts';
import type { Document, Json } from './inputs.ts';
import { isPaginated, type Operation } from './operations.ts';
import { tsLiteral } from './ts-literal.ts';

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/**
 * The languages the pages offer, in Redoc 3's terms: a sample is shown under the language whose label it
 * shares (lower-cased), and `lang` picks the highlighter (Redoc highlights javascript, not typescript).
 */
export const languages = {
  typescript: { lang: 'javascript', label: 'TypeScript' },
  paging: { lang: 'javascript', label: 'paginate (TS)' },
  curl: { lang: 'bash', label: 'curl' },
} as const;

/** Redoc options (build-docs --openapi) that list our languages instead of Redoc's defaults. */
export const redocCodeSampleOptions = { codeSamples: { languages: Object.values(languages) } };

export interface ClientInfo {
  packageName: string;
  factory: string;
}

/** fundos-v2 → @assoc-feed/fundos-v2 and createFundosV2Client. */
export function clientOf(api: string): ClientInfo {
  const pascal = api
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
  return { packageName: `@assoc-feed/${api}`, factory: `create${pascal}Client` };
}

/**
 * The parameters a sample passes: every path parameter, every required query parameter, and the optional query
 * parameters the spec gives an example of its own (page and size of a list, a filter). `forPaging` leaves out
 * `page` and `cursor`: the client's paginate() walks the pages (or follows the cursors) itself.
 */
export function sampleParams(op: Operation, forPaging = false): { path: Json; query: Json } {
  const path: Json = {};
  const query: Json = {};
  for (const p of op.parameters) {
    if (p.in === 'path') path[p.name] = exampleValue(p);
    if (p.in !== 'query' || (forPaging && (p.name === 'page' || p.name === 'cursor'))) continue;
    if (p.required || hasOwnExample(p)) query[p.name] = exampleValue(p);
  }
  return { path, query };
}

function paramsLiteral(params: { path: Json; query: Json }): string | undefined {
  const parts: string[] = [];
  if (Object.keys(params.path).length) parts.push(`path: ${tsLiteral(params.path)}`);
  if (Object.keys(params.query).length) parts.push(`query: ${tsLiteral(params.query)}`);
  return parts.length ? `{\n  params: { ${parts.join(', ')} },\n}` : undefined;
}

function clientSetup(api: string): string {
  const { packageName, factory } = clientOf(api);
  return `import { ${factory} } from '${packageName}';

// Flow A: the client gets, sends and renews the token.
const client = ${factory}({
  clientId: process.env.FEED_CLIENT_ID!,
  clientSecret: process.env.FEED_CLIENT_SECRET!,
  environment: 'production', // or 'sandbox', or baseUrl
});
`;
}

/** `const { data, error } = await client.GET('/path', { params: … });` */
export function getCall(op: Operation): string {
  const init = paramsLiteral(sampleParams(op));
  return `const { data, error } = await client.GET(${tsLiteral(op.path)}${init ? `, ${init}` : ''});`;
}

/** `for await (const item of client.paginate('/path', { params: … })) { … }` */
export function paginateCall(op: Operation): string {
  const init = paramsLiteral(sampleParams(op, true)) ?? '{}';
  return `for await (const item of client.paginate(${tsLiteral(op.path)}, ${init})) {\n  console.log(item);\n}`;
}

/** The URL the operation is served from: its own servers, else the document's, with variables at their defaults. */
export function serverUrl(spec: Json, op: Operation): string {
  const servers = ((op.node.servers as Json[] | undefined) ?? (spec.servers as Json[] | undefined) ?? [])[0];
  let url = String(servers?.url ?? '');
  for (const [name, variable] of Object.entries(
    (servers?.variables as Record<string, Json> | undefined) ?? {},
  )) {
    url = url.replaceAll(`{${name}}`, String(variable.default ?? ''));
  }
  return url.replace(/\/$/, '');
}

function queryString(query: Json): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function curlCommand(spec: Json, op: Operation): string {
  const { path, query } = sampleParams(op);
  const resolvedPath = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(path[name] ?? `{${name}}`)),
  );
  const url = `${serverUrl(spec, op)}${resolvedPath}${queryString(query)}`;
  return `# FEED_ACCESS_TOKEN: from POST /oauth/access-token (flow A)
curl -sS '${url.replace(/'/g, "'\\''")}' \\
  -H "client_id: $FEED_CLIENT_ID" \\
  -H "access_token: $FEED_ACCESS_TOKEN"`;
}

export function codeSamples(spec: Json, op: Operation): CodeSample[] {
  if (op.method !== 'get') return [];
  const setup = clientSetup(op.api);
  const samples: CodeSample[] = [
    {
      ...languages.typescript,
      source: `${setup}\n${getCall(op)}\nif (error) console.error(error);\nelse console.log(data);\n`,
    },
  ];
  if (isPaginated(op)) {
    samples.push({ ...languages.paging, source: `${setup}\n${paginateCall(op)}\n` });
  }
  samples.push({ ...languages.curl, source: `${curlCommand(spec, op)}\n` });
  return samples;
}

/** A copy of the spec whose GET operations carry x-codeSamples (existing samples are kept, ours come after). */
export function withCodeSamples(doc: Document, operations: Operation[]): Json {
  const copy = structuredClone(doc.spec);
  const model = createSpecModel(copy, { name: doc.api });
  const paths = copy.paths as Record<string, Json>;
  for (const op of operations) {
    const samples = codeSamples(doc.spec, op);
    if (!samples.length) continue;
    const node = model.deref<Json>(paths[op.path])[op.method] as Json | undefined;
    if (!node)
      throw new Error(`${doc.api}: ${op.method.toUpperCase()} ${op.path} vanished from the spec copy`);
    node['x-codeSamples'] = [...((node['x-codeSamples'] as CodeSample[] | undefined) ?? []), ...samples];
  }
  return copy;
}
