// pnpm check:breaking [--base <ref>] [--head <ref>] [--json] [--fail-on warn|error] [--rules]
// Compares the bundled specs of the working tree (or --head) with the last release (or --base), prints every
// change classified as breaking or not, and exits 1 when breaking changes come without a major changeset.
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { check } from './check.ts';
import { formatJson, formatRules, formatText } from './report.ts';

const usage = `Usage: pnpm check:breaking [options]

Compares the bundled specs (specs/ + redocly.yaml, bundled with the Redocly CLI) of the working tree with those
of the last release: the newest tag v<semver> or @assoc-feed/specs@<semver> reachable from HEAD.

  --base <ref>       compare with this ref instead of the last release
  --head <ref>       compare this ref instead of the working tree (its .changeset/ too)
  --json             machine-readable output
  --fail-on <level>  warn (default): every breaking change needs a major changeset;
                     error: only error-level ones do (warn-level ones are still listed)
  --rules            print the classification table and exit
  -h, --help         this text

Exit: 0 no breaking change, or a pending changeset bumps @assoc-feed/specs (or its fixed group) by a major;
      1 breaking changes without such a changeset; 2 usage or tooling error.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      head: { type: 'string' },
      json: { type: 'boolean', default: false },
      'fail-on': { type: 'string', default: 'warn' },
      rules: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help || values.rules) {
    console.log(values.help ? usage : formatRules());
    return 0;
  }
  const failOn = values['fail-on'];
  if (failOn !== 'warn' && failOn !== 'error')
    throw new Error(`--fail-on must be warn or error, not ${failOn}`);
  const repo = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const result = await check({ repo, base: values.base, head: values.head, failOn });
  if (result.kind === 'no-release') {
    if (values.json) console.log(JSON.stringify({ noRelease: true, message: result.message }, null, 2));
    else console.log(result.message);
    return 0;
  }
  console.log(values.json ? formatJson(result.report) : formatText(result.report));
  return result.exitCode;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`check:breaking: ${error instanceof Error ? error.message : String(error)}`);
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) console.error(usage);
    process.exitCode = 2;
  },
);
