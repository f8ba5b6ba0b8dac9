// The template of a document package's entry (`src/generated/index.ts`, the package's `.` export): the typed
// client factory, its types and its exports, the same for every document; what differs comes from the document's
// entry in documents.ts. The factory's overloads are not generic: then a misspelt option is one excess-property
// error at the typo, with "Did you mean", under every TypeScript (a generic one reads badly under 7).
import type { DocumentPackage } from './documents.ts';

const camel = (prefix: string) => prefix[0]?.toLowerCase() + prefix.slice(1);

const tsdoc = (text: string, indent = '') =>
  `${indent}/**\n${text
    .split('\n')
    .map((line) => `${indent} * ${line}`)
    .join('\n')}\n${indent} */`;

/** The entry module's text (without the generated-file header). */
export function entryModule(doc: DocumentPackage): string {
  const pkg = `@assoc-feed/${doc.api}`;
  const factory = `create${doc.prefix}Client`;
  const client = `${doc.prefix}Client`;
  const exact = `${doc.prefix}ExactClient`;
  const helpers = doc.helpers.map(
    (h) => `export {\n${h.names.map((n) => `  ${n},`).join('\n')}\n} from '../${h.module}.js';\n`,
  );
  return `import {
  createDocumentClient,
  type DocumentClient,
  type DocumentClientOptions,
  type DocumentExtras,
  type ExactNumbers,
} from '@assoc-feed/core';
import type { ExactField } from './exact.js';
import { meta } from './meta.js';
import type { paths } from './schema.js';

export type { components, operations, paths } from './schema.js';
/** \`paths\` as \`numbers: 'exact'\` delivers it: the decimal fields of more than 15 significant digits as strings. */
export type ExactPaths = ExactNumbers<paths, ExactField>;
export type { ExactField };
export { meta as ${camel(doc.prefix)}Meta };
${helpers.join('')}
${tsdoc(doc.summary)}
export function ${factory}(
  options: DocumentClientOptions & { numbers: 'exact'; throwOnError: true },
): ${exact}<true>;
/** \`numbers: 'exact'\`: the decimals of more than 15 significant digits arrive as strings (ExactPaths). */
export function ${factory}(options: DocumentClientOptions & { numbers: 'exact' }): ${exact};
/** \`throwOnError: true\`: every call's result is its success branch (failures are thrown). */
export function ${factory}(options: DocumentClientOptions & { throwOnError: true }): ${client}<true>;
/**
 * The credentials and the environment the options leave out (or all, without options) come from FEED_CLIENT_ID,
 * FEED_CLIENT_SECRET and FEED_ENVIRONMENT, where there is a \`process.env\`.
 */
export function ${factory}(options?: DocumentClientOptions): ${client};
export function ${factory}(options: DocumentClientOptions = {}): ${client}<boolean> | ${exact}<boolean> {
  return createDocumentClient<paths>(options, meta, extras);
}

/**
 * Loaded on first use only, under \`numbers: 'exact'\` or \`validateResponses\`: the package's \`./exact\` entry and
 * core's \`./response-body\`. The validators are not among them: a caller who validates passes them in
 * (\`responseValidators\` from \`${pkg}/validators\`), so a bundle that does not validate carries none.
 */
const extras: DocumentExtras = {
  reader: () => import('@assoc-feed/core/response-body'),
  exact: () => import('${pkg}/exact'),
};

/** \`Throw\`: made with \`throwOnError: true\`, so every call's result is its success branch. */
export type ${client}<Throw extends boolean = false> = DocumentClient<paths, Throw>;

/** The client under \`numbers: 'exact'\` (\`Throw\` as in ${client}). */
export type ${exact}<Throw extends boolean = false> = DocumentClient<ExactPaths, Throw>;
`;
}
