// The reference pages repeat every "not shown" choice where a reader meets it. Redoc shows only some descriptions
// (operations, parameters, responses, properties, servers, info, tags), so each x-inferred of the three specs
// must end up in one of those in the copy Redoc renders (src/site/annotate.ts). The browser tests check that
// Redoc really shows such a lifted note.

import { createSpecModel } from '@assoc-feed/specs/model';
import { describe, expect, test } from 'vitest';
import { annotateForDocs, inlineMarkdownHtml, plainMarkdown } from './site/annotate.ts';
import { collectInferred } from './site/extensions.ts';
import type { Json } from './site/inputs.ts';
import { walk } from './site/walk.ts';
import { builtDocuments } from './test-support/site.ts';

const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** Every description Redoc shows, as it shows it (a $ref'd property shows its target's description). */
function shownDescriptions(copy: Json): string[] {
  const model = createSpecModel(copy);
  const out: string[] = [];
  walk(copy, (node, pointer) => {
    if (pointer.includes('examples') || pointer.includes('example')) return;
    const [first] = pointer;
    const parent = pointer[pointer.length - 2];
    const last = pointer[pointer.length - 1] ?? '';
    const shown =
      pointer.length === 1 && first === 'info'
        ? true
        : (first === 'tags' && pointer.length === 2) ||
          (first === 'paths' && pointer.length === 3 && methods.has(last)) ||
          (parent === 'parameters' && typeof node.in === 'string') ||
          parent === 'responses' ||
          last === 'requestBody' ||
          parent === 'properties' ||
          parent === 'servers' ||
          parent === 'securitySchemes' ||
          parent === 'variables';
    if (!shown) return;
    const text =
      typeof node.description === 'string' ? node.description : model.deref<Json>(node).description;
    if (typeof text === 'string') out.push(text);
  });
  return out;
}

describe('every "not shown" choice is on its reference page', () => {
  for (const doc of builtDocuments()) {
    test(`${doc.api}: each x-inferred sits in a description Redoc shows`, () => {
      const shown = shownDescriptions(annotateForDocs(doc.spec, doc.api)).join('\n');
      const choices = collectInferred(doc.api, doc.spec);
      expect(choices.length).toBeGreaterThan(0);
      const hidden = choices
        .filter(
          (x) =>
            !shown.includes(x.choice) &&
            !shown.includes(plainMarkdown(x.choice)) &&
            !shown.includes(inlineMarkdownHtml(x.choice)),
        )
        .map((x) => `${x.pointer}: ${x.choice}`);
      expect(hidden).toEqual([]);
    });
  }
});
