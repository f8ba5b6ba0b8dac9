// sdk-mcp.html: the MCP server for AI assistants, from its package: the README a user reads on npm (set-up for
// each assistant, the tools with a worked question each, configuration, safety) and the flags its bin prints for
// --help. Written from the package itself, so the page says what the release does.
import { page, type SiteContext } from '../html.ts';
import { renderMarkdown } from '../markdown.ts';
import type { UsageText } from '../sdk/cli-reference.ts';
import type { SdkEntry, SdkPage } from '../sdk/entries.ts';
import { usageSection } from './sdk-tools.ts';

const FILE = 'sdk-mcp.html';

/**
 * The README without its title and its line linking this page (the page is where that link leads); its link to the
 * package's CHANGELOG.md, beside it on npm, leads to the site's changelog page here.
 */
export function readmeBody(readme: string): string {
  return readme
    .replace(/^# .*\n/, '')
    .replace(/^Reference: .*\n/m, '')
    .replaceAll('](CHANGELOG.md)', '](changelog.html)')
    .trim();
}

/** `### \`list_operations({ search?, document? })\`` → its search entry, on the section's id. */
function toolEntries(html: string): SdkEntry[] {
  return [...html.matchAll(/<h3 id="([^"]+)"><code>(\w+)\(([^<]*)\)<\/code><\/h3>/g)].map(
    ([, id, name, args]) => ({
      kind: 'api',
      name: name as string,
      title: `${name} (MCP tool)`,
      text: `${name}(${args}) a tool of the MCP server assoc-feed-mcp`,
      sub: `Tool of the MCP server @assoc-feed/mcp: ${name}(${(args as string).replace(/&amp;/g, '&')})`,
      url: `${FILE}#${id}`,
    }),
  );
}

/** Headings get ids (marked writes none), so each section can be linked and found. */
function withHeadingIds(html: string): string {
  const used = new Set<string>();
  return html.replace(/<h([234])>([\s\S]*?)<\/h\1>/g, (_m, level: string, inner: string) => {
    const words = inner
      .replace(/<[^>]+>/g, '')
      .replace(/&[a-z#0-9]+;/g, '')
      .toLowerCase();
    let id = words.replace(/[^a-z0-9_]+/g, '-').replace(/^-+|-+$/g, '') || 'section';
    id = /^(list_operations|describe_operation|call_operation|find_fund)/.exec(id)?.[1] ?? id;
    while (used.has(id)) id = `${id}-`;
    used.add(id);
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
}

export async function sdkMcpPage(site: SiteContext, readme: string, usage: UsageText): Promise<SdkPage> {
  const entries: SdkEntry[] = [];
  const readmeHtml = withHeadingIds(await renderMarkdown(readmeBody(readme)));
  entries.push(...toolEntries(readmeHtml));
  entries.push({
    kind: 'guide',
    name: 'MCP server',
    title: 'The MCP server for AI assistants',
    text: 'MCP Model Context Protocol AI assistant Claude Desktop Claude Code VS Code Copilot tools list describe call',
    sub: 'SDK: @assoc-feed/mcp, the Feed API as tools for AI assistants',
    url: FILE,
  });
  const body = `${readmeHtml}
${usageSection(FILE, usage, entries)}`;
  const title = 'SDK: the MCP server';
  return { file: FILE, title, html: page(site, FILE, title, body), entries };
}
