// @ts-check
// Test support: lints small fixture documents with the real Redocly CLI (the version the project pins) and
// only the rules under test (`feed/` plugin rules, or redocly.yaml's own `rule/` ones), and returns each
// fixture's findings.
//
// Why the CLI and not `@redocly/openapi-core`'s `lint`/`createConfig`: @redocly/cli 2.x ships as one bundle
// with its own copy of openapi-core and has no openapi-core dependency, so the workspace has no openapi-core
// of the CLI's version (only 1.34, nested under openapi-typescript). Running the pinned CLI tests the rules
// exactly as `pnpm lint` runs them: plugin loading, `$ref` resolution across files, locations and messages.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);
const CLI = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
const PLUGIN = fileURLToPath(new URL('../index.js', import.meta.url));
const ROOT_CONFIG = fileURLToPath(new URL('../../../../../redocly.yaml', import.meta.url));

/**
 * One fixture: files by relative path (a string is written as is, an object as JSON, which is also YAML);
 * `openapi.yaml` is the document that is linted.
 * @typedef {{ name: string, files: Record<string, string | object> }} Fixture
 */

/**
 * A finding, as `<file>#<pointer>` (the file relative to the fixture) and the message.
 * @typedef {{ rule: string, at: string, message: string }} Finding
 */

/**
 * The configurable rules (`rule/…`) of the repository's redocly.yaml, as written there.
 * @returns {Record<string, { message: string } & Record<string, unknown>>}
 */
export function configuredRules() {
  const config = parse(readFileSync(ROOT_CONFIG, 'utf8'));
  return Object.fromEntries(Object.entries(config.rules ?? {}).filter(([id]) => id.startsWith('rule/')));
}

/**
 * The fixtures of one lint-rule test file and the rules they are linted with.
 * @typedef {{ rules: string[], fixtures: Fixture[] }} FixtureSet
 */

/**
 * Lints every fixture of every set in one CLI run (starting the CLI is most of a small lint's cost), each set
 * with only its `rules` enabled (as errors): each fixture is an API of its own in the config, with its set's rules.
 * @param {Record<string, FixtureSet>} sets by name; a set's `rules` are plugin rule names without the `feed/`
 *   prefix, or the ids of configurable rules (`rule/…`), which are taken as the repository's redocly.yaml defines them
 * @returns {Record<string, Record<string, Finding[]>>} by set, then fixture: findings sorted by location then message
 */
export function lintFixtureSets(sets) {
  const root = mkdtempSync(join(tmpdir(), 'feed-lint-'));
  try {
    const configured = configuredRules();
    /** @param {string} rule */
    const ruleLine = (rule) => {
      if (!rule.startsWith('rule/')) return `feed/${rule}: error`;
      const definition = configured[rule];
      if (!definition) throw new Error(`redocly.yaml defines no configurable rule ${rule}`);
      return `${rule}: ${JSON.stringify({ ...definition, severity: 'error' })}`;
    };
    /** @type {Record<string, Record<string, Finding[]>>} */
    const results = {};
    /** @type {Array<{ alias: string, findings: Record<string, Finding[]>, fixture: Fixture }>} */
    const entries = [];
    const config = ['plugins:', `  - ${JSON.stringify(PLUGIN)}`, 'apis:'];
    for (const [setIndex, [setName, { rules, fixtures }]] of Object.entries(sets).entries()) {
      /** @type {Record<string, Finding[]>} */
      const findings = {};
      results[setName] = findings;
      for (const fixture of fixtures) {
        if (Object.hasOwn(findings, fixture.name)) throw new Error(`duplicate fixture name: ${fixture.name}`);
        findings[fixture.name] = [];
        const folder = `s${setIndex}/f${entries.length}`;
        for (const [path, content] of Object.entries(fixture.files)) {
          const file = join(root, folder, path);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
        }
        const alias = `f${entries.length}@v1`;
        entries.push({ alias, findings, fixture });
        config.push(`  ${alias}:`, `    root: ${folder}/openapi.yaml`, '    rules:');
        config.push(...rules.map((rule) => `      ${ruleLine(rule)}`));
      }
    }
    config.push('telemetry: off', '');
    writeFileSync(join(root, 'redocly.yaml'), config.join('\n'));

    const run = spawnSync(
      process.execPath,
      [
        CLI,
        'lint',
        '--config',
        'redocly.yaml',
        '--format',
        'json',
        '--max-problems',
        '100000',
        ...entries.map((e) => e.alias),
      ],
      { cwd: root, encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' } },
    );
    // One JSON report per linted document, printed one after the other.
    const reports = splitJson(run.stdout);
    if (reports.length !== entries.length) {
      throw new Error(
        `redocly lint printed ${reports.length} reports for ${entries.length} documents (exit ${run.status}):\n${run.stdout}\n${run.stderr}`,
      );
    }
    const problems = reports.flatMap((report) => report.problems);
    for (const problem of problems) {
      const where = problem.location[0];
      const match = where ? /^s\d+\/f(\d+)\/(.*)$/.exec(where.source.ref) : null;
      const entry = match ? entries[Number(match[1])] : undefined;
      if (!where || !match || !entry) {
        throw new Error(`finding outside the fixtures: ${JSON.stringify(problem)}`);
      }
      entry.findings[entry.fixture.name]?.push({
        rule: problem.ruleId,
        at: `${match[2]}${where.pointer}`,
        message: problem.message,
      });
    }
    for (const findings of Object.values(results)) {
      for (const list of Object.values(findings)) list.sort(byLocation);
    }
    return results;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Orders findings by location, then message (how `lintFixtures` returns them; sort expectations the same way).
 * @param {{ at: string, message: string }} a
 * @param {{ at: string, message: string }} b
 */
export function byLocation(a, b) {
  return a.at.localeCompare(b.at) || a.message.localeCompare(b.message);
}

/**
 * Splits concatenated JSON objects (`{…}{…}`) into parsed values.
 * @param {string} text
 * @returns {Array<{ problems: Array<{ ruleId: string, message: string, location: Array<{ source: { ref: string }, pointer: string }> }> }>}
 */
function splitJson(text) {
  const values = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === '{') {
      if (depth++ === 0) start = i;
    } else if (c === '}' && --depth === 0) {
      values.push(JSON.parse(text.slice(start, i + 1)));
    }
  }
  return values;
}

/** The flow-A security requirement: both headers in one requirement. */
export const FLOW_A = [{ ClientId: [], AccessToken: [] }];

/**
 * A 3.1 document with the flow-A security schemes, around `paths`.
 * @param {Record<string, unknown>} paths
 * @param {Record<string, unknown>} [extra] more root fields (or overrides)
 */
export function api(paths, extra = {}) {
  return {
    openapi: '3.1.0',
    info: { title: 'Fixture', version: '1.0.0' },
    tags: [{ name: 'Funds', description: 'Funds.' }],
    paths,
    components: {
      securitySchemes: {
        ClientId: { type: 'apiKey', in: 'header', name: 'client_id' },
        AccessToken: { type: 'apiKey', in: 'header', name: 'access_token' },
      },
    },
    ...extra,
  };
}

/** The error responses a flow-A operation declares (inline, so fixtures stay one file). */
export const ERRORS = {
  400: { description: 'Bad request.' },
  401: { description: 'Unauthorized.' },
  403: { description: 'Forbidden.' },
  404: { description: 'Not found.' },
};

/**
 * An operation that every rule accepts; `overrides` replace its fields (`undefined` removes one).
 * @param {Record<string, unknown>} [overrides]
 */
export function operation(overrides = {}) {
  return {
    operationId: 'fundosV2GetFund',
    'x-document-id': 'E2',
    summary: 'Get a fund',
    description: 'One fund by its code.',
    tags: ['Funds'],
    security: FLOW_A,
    responses: {
      200: {
        description: 'The fund.',
        content: {
          'application/json': {
            schema: { type: 'object' },
            examples: { fund: { value: {} } },
          },
        },
      },
      ...ERRORS,
    },
    ...overrides,
  };
}

/**
 * JSON pointer of an operation in a fixture's openapi.yaml.
 * @param {string} path
 * @param {string} [method]
 */
export function at(path, method = 'get') {
  return `openapi.yaml#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}`;
}
