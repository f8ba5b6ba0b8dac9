// Where an operation is on its Redoc page. Redoc 3 (what `redocly build-docs` 2.x renders) routes with the hash:
//   fundos-v1.html#/regulation-555-funds-(v1)/fundosv1listfunds
// i.e. "#/" + slugify(tag).toLowerCase() + "/" + operationId.toLowerCase() (Redoc 2's "#tag/<Tag>/operation/<id>"
// no longer applies). The tag part is checked against the prerendered HTML at build time (verifyTagSlugs), and
// the browser tests open every operation's anchor and find its section.
import slugify from 'slugify';
import type { Operation } from './operations.ts';

/** Redoc's safe slug: slugify, or a plain fallback when slugify leaves nothing. */
export function redocSlug(text: string): string {
  return (
    slugify(text) ||
    text
      .toLowerCase()
      .replace(/\s+/g, '-')
      .replace(/&/g, '-and-')
      .replace(/--+/g, '-')
      .replace(/^-+/, '')
      .replace(/-+$/, '')
  ).toLowerCase();
}

function escapeBackslashes(text: string): string {
  return text.replace(/\\/g, '%5C');
}

/** The route of a tag: "/bond-indices". */
export function tagRoute(tag: string): string {
  return `/${escapeBackslashes(redocSlug(tag))}`;
}

/** The route of a section of info.description (a heading): "/section/limits". */
export function sectionRoute(heading: string): string {
  return `/section/${escapeBackslashes(redocSlug(heading))}`;
}

/** The route of an operation: "/bond-indices/precosindicesindicesresultadosima". */
export function operationRoute(
  op: Pick<Operation, 'tag' | 'operationId' | 'api' | 'method' | 'path'>,
): string {
  if (!op.tag)
    throw new Error(
      `${op.api}: ${op.method.toUpperCase()} ${op.path} has no tag; Redoc's route for it is not stable`,
    );
  return `${tagRoute(op.tag)}/${escapeBackslashes(op.operationId).toLowerCase()}`;
}

/** A relative link to the operation on its document's page, usable from any page of the site. */
export function operationHref(
  op: Pick<Operation, 'tag' | 'operationId' | 'api' | 'method' | 'path'>,
): string {
  return `${op.api}.html#${encodeURI(operationRoute(op))}`;
}

/** The routes the prerendered page declares (data-section-id="/…"). */
export function prerenderedRoutes(html: string): Set<string> {
  return new Set(
    [...html.matchAll(/data-section-id="([^"]*)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&')),
  );
}

/** Every route our links use (tags, sections) must be one the page declares; returns the ones that are missing. */
export function missingRoutes(html: string, wanted: Iterable<string>): string[] {
  const routes = prerenderedRoutes(html);
  return [...new Set(wanted)].filter((route) => !routes.has(route));
}

/** The tag routes of these operations that the page does not declare. */
export function missingTagRoutes(html: string, operations: Operation[]): string[] {
  return missingRoutes(
    html,
    operations.map((op) => tagRoute(op.tag)),
  );
}
