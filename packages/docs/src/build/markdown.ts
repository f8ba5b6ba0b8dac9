// Markdown to HTML for the changelog (marked, a dependency of @assoc-feed/docs). Raw HTML in the source is
// shown as text, not passed through.
import { importDependency } from './deps.ts';
import { escapeHtml } from './html.ts';

interface MarkedInstance {
  parse(markdown: string, options: { async: false }): string;
}
interface MarkedModule {
  Marked: new (options: object) => MarkedInstance;
}

let instance: MarkedInstance | undefined;

export async function renderMarkdown(markdown: string): Promise<string> {
  if (!instance) {
    const { Marked } = await importDependency<MarkedModule>('marked', 'lib/marked.esm.js');
    instance = new Marked({
      gfm: true,
      renderer: { html: (token: { text: string }) => escapeHtml(token.text) },
    });
  }
  return instance.parse(markdown, { async: false });
}
