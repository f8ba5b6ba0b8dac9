// Markdown to HTML for the changelog (marked, a dependency of @assoc-feed/docs). Raw HTML in the source is
// shown as text, not passed through.
import type { Marked } from 'marked';
import { escapeHtml } from './html.ts';

let instance: Marked | undefined;

export async function renderMarkdown(markdown: string): Promise<string> {
  if (!instance) {
    const { Marked } = await import('marked');
    instance = new Marked({
      gfm: true,
      renderer: { html: (token: { text: string }) => escapeHtml(token.text) },
    });
  }
  return instance.parse(markdown, { async: false });
}
