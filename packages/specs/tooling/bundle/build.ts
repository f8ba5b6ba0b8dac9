// Bundles each document's split spec into one file (JSON and YAML) and joins the three into one spec
// (the mock serves it: Prism takes one spec per process). Runs the Redocly CLI, the same tool as lint.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { apiNames, joinedName, repoRoot, specsDist } from './apis.ts';
import { compactJsonFiles } from './compact-json.ts';
import { stampReleaseFiles } from './stamp.ts';

const run = promisify(execFile);
const redocly = `${repoRoot}node_modules/.bin/redocly`;
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

async function redoclyCli(args: string[]): Promise<void> {
  try {
    await run(redocly, args, { cwd: repoRoot, env });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`redocly ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

function writeYamlTwin(jsonFile: string): void {
  const spec = JSON.parse(readFileSync(jsonFile, 'utf8'));
  writeFileSync(
    jsonFile.replace(/\.json$/, '.yaml'),
    stringify(spec, { lineWidth: 0, aliasDuplicateObjects: false }),
  );
}

const apis = apiNames();
rmSync(specsDist, { recursive: true, force: true });
mkdirSync(specsDist, { recursive: true });

await Promise.all(
  apis.map((api) => redoclyCli(['bundle', api, '--ext', 'json', '-o', `${specsDist}${api}.json`])),
);
await redoclyCli([
  'join',
  ...apis.map((api) => `${specsDist}${api}.json`),
  '--without-x-tag-groups',
  '-o',
  `${specsDist}${joinedName}.json`,
]);
stampReleaseFiles([...apis, joinedName].map((name) => `${specsDist}${name}.json`)); // info.x-release
for (const name of [...apis, joinedName]) writeYamlTwin(`${specsDist}${name}.json`);
// Last: the YAML twins are written from the pretty text, and the JSON is what programs parse at start.
compactJsonFiles([...apis, joinedName].map((name) => `${specsDist}${name}.json`));
console.log(`bundled ${apis.join(', ')} and joined them into ${joinedName} → packages/specs/dist/`);
