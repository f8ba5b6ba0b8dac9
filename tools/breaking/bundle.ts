// Bundling each API of a source tree (a checkout of `specs/` + `redocly.yaml`) with the Redocly CLI, as
// the specs build (packages/specs/tooling/bundle/build.ts) does for packages/specs/dist. The config written for the bundler keeps what shapes a
// bundle (api roots, decorators, resolve) and drops lint settings and plugins: a ref's plugin code is not
// in its checkout, and a bundle does not depend on lint rules.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse, stringify } from 'yaml';
import { isObj, type Obj } from './types.ts';

const run = promisify(execFile);

export const defaultRedocly = fileURLToPath(new URL('../../node_modules/.bin/redocly', import.meta.url));

export interface BundledApis {
  /** In redocly.yaml order; null when the api's root file does not exist in that tree. */
  specs: Map<string, Obj | null>;
  notes: string[];
}

/** Plugin decorators (`feed/…`) need the plugin's code: dropped, with a note. */
function builtInDecorators(value: unknown, notes: string[], where: string): Obj | undefined {
  if (!isObj(value)) return undefined;
  const kept: Obj = {};
  for (const [name, setting] of Object.entries(value)) {
    if (name.includes('/')) notes.push(`${where}: plugin decorator ${name} not applied`);
    else kept[name] = setting;
  }
  return kept;
}

/** The bundling-only config for the tree at `sourceDir`, with absolute roots. */
export function bundlingConfig(
  sourceDir: string,
  notes: string[] = [],
): { config: Obj; roots: Map<string, string> } {
  const file = join(sourceDir, 'redocly.yaml');
  const original: unknown = parse(readFileSync(file, 'utf8'));
  if (!isObj(original) || !isObj(original.apis)) throw new Error(`${file}: no apis`);
  const apis: Obj = {};
  const roots = new Map<string, string>();
  for (const [name, api] of Object.entries(original.apis)) {
    if (!isObj(api) || typeof api.root !== 'string') continue;
    const root = isAbsolute(api.root) ? api.root : resolve(sourceDir, api.root);
    roots.set(name, root);
    const decorators = builtInDecorators(api.decorators, notes, name);
    apis[name] = decorators ? { root, decorators } : { root };
  }
  const config: Obj = { apis, telemetry: 'off' };
  const decorators = builtInDecorators(original.decorators, notes, 'redocly.yaml');
  if (decorators) config.decorators = decorators;
  if (original.resolve !== undefined) config.resolve = original.resolve;
  return { config, roots };
}

/** Bundles every api of `sourceDir` into `workDir` and reads the JSON back. */
export async function bundleApis(
  sourceDir: string,
  workDir: string,
  redocly = defaultRedocly,
): Promise<BundledApis> {
  const notes: string[] = [];
  const { config, roots } = bundlingConfig(sourceDir, notes);
  mkdirSync(workDir, { recursive: true });
  const configFile = join(workDir, 'redocly.yaml');
  writeFileSync(configFile, stringify(config));
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const specs = new Map<string, Obj | null>();
  await Promise.all(
    [...roots].map(async ([name, root]) => {
      if (!existsSync(root)) {
        notes.push(
          `${name}: root ${root.slice(sourceDir.length).replace(/^\//, '')} does not exist, read as no API`,
        );
        return;
      }
      const out = join(workDir, `${name}.json`);
      try {
        await run(redocly, ['bundle', name, '--config', configFile, '--ext', 'json', '-o', out], {
          cwd: workDir,
          env,
        });
      } catch (error) {
        const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
        const detail = `${stdout}${stderr}`
          .split('\n')
          .filter((line) => !/[║╔╚]/.test(line))
          .join('\n')
          .trim();
        throw new Error(`redocly bundle ${name} (${root}) failed:\n${detail}`);
      }
      const spec: unknown = JSON.parse(readFileSync(out, 'utf8'));
      if (!isObj(spec)) throw new Error(`${out}: not an object`);
      specs.set(name, spec);
    }),
  );
  // Keep redocly.yaml order, with missing roots as null.
  return { specs: new Map([...roots.keys()].map((name) => [name, specs.get(name) ?? null])), notes };
}
