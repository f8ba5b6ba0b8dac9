// Test support: what the built site should contain, read from the site itself (dist/specs holds the bundled
// specs the pages were built from) and from the builder's own modules (operations, anchors, fields).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSpecModel } from '@assoc-feed/specs/model';
import { apiNames } from '@assoc-feed/specs-tooling/apis';
import { distDir } from '../server.ts';
import { operationHref, operationRoute } from '../site/anchors.ts';
import { responseFields } from '../site/fields.ts';
import type { Document, Json } from '../site/inputs.ts';
import { listOperations, type Operation } from '../site/operations.ts';

export type { Operation };
export { distDir, operationHref, operationRoute };

export function builtDocuments(): Document[] {
  return apiNames().map((api, i) => ({
    api,
    number: i + 1,
    spec: JSON.parse(readFileSync(join(distDir, 'specs', `${api}.json`), 'utf8')) as Json,
  }));
}

export function operationsOf(doc: Document): Operation[] {
  return listOperations(doc);
}

/** The operations whose success responses contain a field of this name, across the documents. */
export function operationsReturning(field: string): Operation[] {
  return builtDocuments().flatMap((doc) => {
    const model = createSpecModel(doc.spec);
    return listOperations(doc).filter((op) => responseFields(op, model).some((f) => f.name === field));
  });
}

/** Every page of the site's own and the Redoc pages, by file name. */
export function sitePages(): string[] {
  return [
    'index.html',
    ...apiNames().map((api) => `${api}.html`),
    'inferred.html',
    'schedules.html',
    'changelog.html',
    ...sdkPages,
  ];
}

/** The SDK pages (the site's own pages, generated from the packages). */
export const sdkPages = [
  'sdk.html',
  'sdk-guides.html',
  'sdk-clients.html',
  'sdk-cli.html',
  'sdk-mock.html',
  'sdk-sandbox.html',
  'sdk-specs.html',
  'sdk-mcp.html',
];
