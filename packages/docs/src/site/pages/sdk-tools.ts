// sdk-cli.html, sdk-mock.html, sdk-sandbox.html, sdk-specs.html: the command line (from its commander program),
// and the mock, the sandbox and the specs package (their bins' usage texts and their APIs).
import { escapeHtml, inlineCode, page, type SiteContext } from '../html.ts';
import type { ApiPackage } from '../sdk/api-reference.ts';
import type { CliFlag, CliReference, UsageText } from '../sdk/cli-reference.ts';
import { apiAnchor, type SdkEntry, type SdkPage } from '../sdk/entries.ts';
import { renderPackageApi } from '../sdk/render-api.ts';

const slug = (text: string) => text.replace(/^-+/, '').replace(/[^\w-]+/g, '-');

function flagRow(id: string, f: CliFlag): string {
  const extra = [
    f.required ? 'required' : '',
    f.choices ? `one of ${f.choices.map((c) => `<code>${escapeHtml(c)}</code>`).join(', ')}` : '',
    f.defaultValue !== undefined ? `default <code>${escapeHtml(f.defaultValue)}</code>` : '',
  ].filter(Boolean);
  return `<tr id="${escapeHtml(id)}"><td><code>${escapeHtml(f.flags)}</code></td><td>${escapeHtml(f.description)}${extra.length ? `<br><span class="muted">${extra.join(' · ')}</span>` : ''}</td></tr>`;
}

const flagTable = (rows: string) =>
  `<table class="flags"><thead><tr><th>Flag</th><th>What</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;

export function sdkCliPage(site: SiteContext, cli: CliReference): SdkPage {
  const FILE = 'sdk-cli.html';
  const entries: SdkEntry[] = [];
  const commands = cli.commands.map((command) => {
    const id = `command-${slug(command.name)}`;
    entries.push({
      kind: 'command',
      name: `${cli.bin} ${command.name}`,
      title: `${cli.bin} ${command.name}`,
      text: command.description,
      sub: `CLI command: ${command.description}`,
      url: `${FILE}#${id}`,
    });
    const flags = command.flags
      .map((f) => {
        const fid = `${id}-${slug(f.long)}`;
        entries.push({
          kind: 'flag',
          name: f.long,
          title: `${cli.bin} ${command.name} ${f.long}`,
          text: `${f.flags} ${f.description} ${f.choices?.join(' ') ?? ''}`,
          sub: `CLI flag of ${command.name}: ${f.description}`,
          url: `${FILE}#${fid}`,
        });
        return flagRow(fid, f);
      })
      .join('\n');
    const args = command.arguments
      .map((a) => `<li><code>&lt;${escapeHtml(a.name)}&gt;</code>: ${escapeHtml(a.description)}</li>`)
      .join('');
    const examples = command.examples.length
      ? `<p>Examples:</p><pre>${escapeHtml(command.examples.map((e) => `$ ${e}`).join('\n'))}</pre>`
      : '';
    return `<h2 id="${id}"><code>${escapeHtml(cli.bin)} ${escapeHtml(command.name)}</code></h2>
<p>${escapeHtml(command.description)}</p>
<pre>${escapeHtml(command.usage)}</pre>
${args ? `<ul>${args}</ul>` : ''}
${flagTable(flags)}
${examples}`;
  });
  const exitRows = cli.exitCodes
    .map(
      (e) => `<tr id="exit-${e.code}"><td><code>${e.code}</code></td><td>${inlineCode(e.meaning)}</td></tr>`,
    )
    .join('\n');
  for (const e of cli.exitCodes) {
    entries.push({
      kind: 'error',
      name: `exit ${e.code}`,
      title: `Exit code ${e.code} (${cli.bin})`,
      text: `exit code ${e.name} ${e.meaning}`,
      sub: `CLI exit code: ${e.meaning}`,
      url: `${FILE}#exit-${e.code}`,
    });
  }
  const formats = cli.commands.flatMap((c) => c.flags).find((f) => f.long === '--format')?.choices ?? [];
  const body = `<p><code>${escapeHtml(cli.bin)}</code> (<code>npm install -g @assoc-feed/cli</code>, or <code>npx assoc-feed</code>):
${escapeHtml(cli.description)} Generated from the command's own definitions: what <code>${escapeHtml(cli.bin)} --help</code> prints.</p>
<p class="toc">${cli.commands.map((c) => `<a href="#command-${slug(c.name)}"><code>${escapeHtml(c.name)}</code></a>`).join(' · ')} ·
<a href="#credentials">Credentials</a> · <a href="#output-formats">Output formats</a> · <a href="#resume">Resume</a> · <a href="#exit-codes">Exit codes</a></p>

<h2 id="credentials">Credentials and target</h2>
<p><code>FEED_CLIENT_ID</code> and <code>FEED_CLIENT_SECRET</code> in the environment, or a config file (<code>--config</code>,
<code>FEED_CONFIG</code>). The target: <code>--environment production|sandbox</code> or <code>--base-url</code>
(<code>FEED_ENVIRONMENT</code>, <code>FEED_BASE_URL</code>; see <a href="sdk-clients.html#environment-variables">the
environment variables</a>). Nothing prints a secret or a token.</p>

<h2 id="output-formats">Output formats</h2>
<p><code>export</code> and <code>backfill</code> write ${formats.map((f) => `<code>${escapeHtml(f)}</code>`).join(', ')}
(<code>--format</code>), to stdout or <code>--out FILE</code>. In CSV, nested lists are JSON cells, or files of their own with
<code>--lists files</code>. <code>get</code> prints JSON (<code>--compact</code> on one line).</p>

<h2 id="resume">Resume</h2>
<p>With <code>--out</code> (or <code>--out-dir</code>), <code>export</code> and <code>backfill</code> write a checkpoint beside the
output (every <code>--checkpoint-interval</code> seconds): killed or interrupted (Ctrl-C, exit code 130), the same command
run again resumes where the output stops, redoing at most that interval. <code>--restart</code> discards the checkpoint
and starts over. Output on stdout cannot be resumed.</p>

${commands.join('\n\n')}

<h2 id="global-flags">Flags of <code>${escapeHtml(cli.bin)}</code> itself</h2>
${flagTable(cli.flags.map((f) => flagRow(`global-${slug(f.long)}`, f)).join('\n'))}

<h2 id="exit-codes">Exit codes</h2>
<table class="exit-codes"><thead><tr><th>Code</th><th>Meaning</th></tr></thead><tbody>
${exitRows}
</tbody></table>`;
  return {
    file: FILE,
    title: 'SDK: the command line',
    html: page(site, FILE, 'SDK: the command line', body),
    entries,
  };
}

export function usageSection(file: string, usage: UsageText, entries: SdkEntry[]): string {
  const rows = usage.flags
    .map((f) => {
      const long = f.flag.split(' ')[0] as string;
      const id = `${usage.bin}-${slug(long)}`;
      entries.push({
        kind: 'flag',
        name: long,
        title: `${usage.bin} ${long}`,
        text: `${f.flag} ${f.description}`,
        sub: `${usage.bin} flag: ${f.description}`,
        url: `${file}#${id}`,
      });
      return `<tr id="${escapeHtml(id)}"><td><code>${escapeHtml(f.flag)}</code></td><td>${inlineCode(f.description)}</td></tr>`;
    })
    .join('\n');
  entries.push({
    kind: 'command',
    name: usage.bin,
    title: usage.bin,
    text: usage.usage,
    sub: `Command: npx ${usage.bin}`,
    url: `${file}#command-${usage.bin}`,
  });
  return `<h2 id="command-${usage.bin}">The command: <code>npx ${escapeHtml(usage.bin)}</code></h2>
<pre>${escapeHtml(usage.usage)}</pre>
${flagTable(rows)}`;
}

export interface ToolPageInput {
  file: string;
  title: string;
  intro: string;
  pkg: ApiPackage;
  usage?: UsageText;
}

export function sdkToolPage(
  site: SiteContext,
  input: ToolPageInput,
  pageOf: (name: string) => string,
): SdkPage {
  const entries: SdkEntry[] = [];
  const usage = input.usage ? usageSection(input.file, input.usage, entries) : '';
  const api = renderPackageApi(input.pkg, input.file, pageOf);
  entries.push(...api.entries);
  const modules = input.pkg.entries
    .map(
      (e) =>
        `<a href="#module-${escapeHtml(e.specifier.replace(/^@assoc-feed\//, '').replace(/\//g, '-'))}"><code>${escapeHtml(e.specifier)}</code></a>`,
    )
    .join(' · ');
  const body = `${input.intro}
<pre>npm install --save-dev ${escapeHtml(input.pkg.name)}</pre>
<p class="toc">${input.usage ? `<a href="#command-${input.usage.bin}">The command</a> · ` : ''}${modules}</p>
${usage}
<h2 id="api">The API of <code>${escapeHtml(input.pkg.name)}</code></h2>
<p>${inlineCode(input.pkg.description)}</p>
${api.html}`;
  return { file: input.file, title: input.title, html: page(site, input.file, input.title, body), entries };
}

export { apiAnchor };
