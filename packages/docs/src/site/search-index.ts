// The site's search index, built here (Node) with MiniSearch and shipped as a script that sets a global
// (assets/search-index.js): a <script src> loads it from file:// as well as over HTTP, where fetch() of a JSON
// file would fail on file://. Documents: operations (summary, operationId, method + path, description, tag,
// the document's own id), response fields (name, where, description → the operations that return them),
// parameters (name, description → the operations that take them), and the prose around them: each document's
// introduction, the sections of its description (document 1's Authentication, Errors, Limits, …) and its tag
// groups, each leading to its place on the Redoc page.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import MiniSearch from 'minisearch';
import { operationHref, sectionRoute, tagRoute } from './anchors.ts';
import type { ResponseField } from './fields.ts';
import type { Operation } from './operations.ts';
import type { SdkKind } from './sdk/entries.ts';

export interface SearchRef {
  label: string;
  url: string;
}
export interface SearchDoc {
  id: string;
  kind: 'operation' | 'field' | 'parameter' | 'document' | 'section' | 'tag' | SdkKind;
  /** What is searched most: operationId, field or parameter name. */
  name: string;
  title: string;
  /** Fields: what the field is, the words its descriptions open with (`labelOf`). */
  label?: string;
  /** "GET /feed/…" for operations, where a field sits for fields. */
  path: string;
  text: string;
  doc: string;
  sub: string;
  url: string;
  refs: SearchRef[];
}
export interface SearchInput {
  api: string;
  docLabel: string;
  operations: Operation[];
  fields: Map<Operation, ResponseField[]>;
  /** The document's title, introduction and description sections (info), and its tags. */
  prose?: {
    title: string;
    intro: string;
    sections: DescriptionSection[];
    tags: { name: string; description: string }[];
  };
}

export interface DescriptionSection {
  heading: string;
  text: string;
}

/**
 * info.description cut at its headings, as Redoc cuts it into menu sections (#/section/<slug>): the text before
 * the first heading is the introduction.
 */
export function descriptionSections(markdown: string): { intro: string; sections: DescriptionSection[] } {
  const parts = markdown.split(/^#{1,2}[ \t]+(.+?)[ \t#]*$/m);
  const [intro = '', ...rest] = parts;
  const sections: DescriptionSection[] = [];
  for (let i = 0; i < rest.length; i += 2) {
    sections.push({ heading: (rest[i] ?? '').trim(), text: (rest[i + 1] ?? '').trim() });
  }
  return { intro: intro.trim(), sections };
}

/** The MiniSearch options both sides use (the browser adds the same tokenizer). */
export const indexOptions = {
  idField: 'id',
  fields: ['name', 'title', 'label', 'path', 'text'],
  storeFields: ['kind', 'name', 'title', 'doc', 'sub', 'url', 'refs'],
};
// `label`: what a field or parameter is, in the words its description opens with ("Indicative rate"), so a
// question in those words finds the field it names before fields that only mention them further on.
export const searchOptions = { boost: { name: 4, title: 3, label: 3, path: 2, text: 1 }, prefix: true };

const tokenizerFile = new URL('../../assets/search-tokenize.js', import.meta.url);
export function loadTokenizer(): (text: string) => string[] {
  const context: { feedSearchTokenize?: (text: string) => string[] } = {};
  runInNewContext(readFileSync(tokenizerFile, 'utf8'), context);
  if (!context.feedSearchTokenize)
    throw new Error('assets/search-tokenize.js did not define feedSearchTokenize');
  return context.feedSearchTokenize;
}

/** The words each description opens with, up to its first comma, colon, parenthesis or full stop. */
export function labelOf(descriptions: Iterable<string>): string {
  const labels = new Set([...descriptions].map((d) => (d.split(/[,:;(.]/)[0] ?? '').trim()).filter(Boolean));
  return [...labels].join(' · ');
}

/** Markdown to plain words, for indexing. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*>#|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function refOf(op: Operation): SearchRef {
  return { label: `${op.summary} (${op.method.toUpperCase()} ${op.path})`, url: operationHref(op) };
}

function proseDocuments(
  api: string,
  docLabel: string,
  prose: NonNullable<SearchInput['prose']>,
): SearchDoc[] {
  const docs: SearchDoc[] = [
    {
      id: `doc:${api}`,
      kind: 'document',
      name: api,
      title: `${docLabel}: ${prose.title}`,
      path: '',
      text: plainText(prose.intro),
      doc: docLabel,
      sub: 'Reference page: introduction',
      url: `${api}.html`,
      refs: [],
    },
  ];
  for (const section of prose.sections) {
    docs.push({
      id: `section:${api}:${section.heading}`,
      kind: 'section',
      name: section.heading,
      title: section.heading,
      path: '',
      text: plainText(section.text),
      doc: docLabel,
      sub: `Section of ${prose.title}`,
      url: `${api}.html#${encodeURI(sectionRoute(section.heading))}`,
      refs: [],
    });
  }
  for (const tag of prose.tags) {
    docs.push({
      id: `tag:${api}:${tag.name}`,
      kind: 'tag',
      name: tag.name,
      title: tag.name,
      path: '',
      text: plainText(tag.description),
      doc: docLabel,
      sub: `Group of operations of ${prose.title}`,
      url: `${api}.html#${encodeURI(tagRoute(tag.name))}`,
      refs: [],
    });
  }
  return docs;
}

export function searchDocuments(inputs: SearchInput[]): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (const { api, docLabel, operations, fields, prose } of inputs) {
    if (prose) docs.push(...proseDocuments(api, docLabel, prose));
    for (const op of operations) {
      const method = op.method.toUpperCase();
      docs.push({
        id: `op:${op.operationId}`,
        kind: 'operation',
        name: op.operationId,
        title: op.summary,
        path: `${method} ${op.path}`,
        text: plainText(
          [op.tag, op.documentId ?? '', op.deprecated ? 'deprecated' : '', op.description].join(' '),
        ),
        doc: docLabel,
        sub: `${method} ${op.path}${op.documentId ? ` · ${op.documentId}` : ''}`,
        url: operationHref(op),
        refs: [],
      });
    }
    const byField = new Map<string, { ops: Operation[]; paths: Set<string>; descriptions: Set<string> }>();
    for (const op of operations) {
      for (const field of fields.get(op) ?? []) {
        const entry = byField.get(field.name) ?? { ops: [], paths: new Set(), descriptions: new Set() };
        if (!entry.ops.includes(op)) entry.ops.push(op);
        entry.paths.add(field.path);
        if (field.description) entry.descriptions.add(plainText(field.description));
        byField.set(field.name, entry);
      }
    }
    for (const [name, { ops, paths, descriptions }] of byField) {
      docs.push({
        id: `field:${api}:${name}`,
        kind: 'field',
        name,
        title: name,
        label: labelOf(descriptions),
        path: [...paths].join(' '),
        text: [...descriptions].join(' '),
        doc: docLabel,
        sub: `Response field, returned by ${ops.length} operation${ops.length === 1 ? '' : 's'}`,
        url: operationHref(ops[0] as Operation),
        refs: ops.map(refOf),
      });
    }
    const byParam = new Map<string, { ops: Operation[]; where: Set<string>; descriptions: Set<string> }>();
    for (const op of operations) {
      for (const p of op.parameters) {
        const entry = byParam.get(p.name) ?? { ops: [], where: new Set(), descriptions: new Set() };
        if (!entry.ops.includes(op)) entry.ops.push(op);
        entry.where.add(p.in);
        if (p.description) entry.descriptions.add(plainText(p.description));
        byParam.set(p.name, entry);
      }
    }
    for (const [name, { ops, where, descriptions }] of byParam) {
      docs.push({
        id: `param:${api}:${name}`,
        kind: 'parameter',
        name,
        title: name,
        path: '',
        text: [...descriptions].join(' '),
        doc: docLabel,
        sub: `${[...where].join('/')} parameter of ${ops.length} operation${ops.length === 1 ? '' : 's'}`,
        url: operationHref(ops[0] as Operation),
        refs: ops.map(refOf),
      });
    }
  }
  return docs;
}

/** The script that sets window.FEED_SEARCH: the MiniSearch options and the serialised index. */
export function searchIndexScript(docs: SearchDoc[]): string {
  const index = new MiniSearch({ ...indexOptions, tokenize: loadTokenizer() });
  index.addAll(docs);
  const payload = { options: indexOptions, searchOptions, count: docs.length, index: index.toJSON() };
  return `// Generated by packages/docs/src/site/search-index.ts: the search index of the Feed reference site.\nwindow.FEED_SEARCH = ${JSON.stringify(payload).replace(/</g, '\\u003c')};\n`;
}
