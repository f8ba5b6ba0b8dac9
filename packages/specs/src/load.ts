// @assoc-feed/specs/load: this package's bundled specs, read from its own files by document name (Node only;
// the model itself is in @assoc-feed/specs/model and reads any spec object).
/// <reference types="node" />
// (The build leaves Node's types out so that a Node global in the model fails it; this module is Node's.)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createSpecModel, type Json, type SpecModel } from './model/index.js';

const require = createRequire(import.meta.url);

/** The documents this package ships (`fundos-v2`, …, and the joined `feed`), read from its exports map. */
export function specNames(): string[] {
  const manifest = require('@assoc-feed/specs/package.json') as { exports: Record<string, unknown> };
  return Object.keys(manifest.exports)
    .filter((key) => key.endsWith('.json') && key !== './package.json')
    .map((key) => key.slice(2, -'.json'.length));
}

const cache = new Map<string, SpecModel>();

/** A bundled spec, parsed (a fresh object on each call: the caller may change it). */
export function loadSpec(name: string): Json {
  if (!specNames().includes(name)) {
    throw new Error(
      `@assoc-feed/specs has no spec named "${name}": use one of ${specNames().join(', ')} (an empty list means an incomplete install: reinstall @assoc-feed/specs)`,
    );
  }
  return JSON.parse(readFileSync(require.resolve(`@assoc-feed/specs/${name}.json`), 'utf8')) as Json;
}

/** The model of a bundled spec, read once per process (treat its spec as read-only). */
export function loadSpecModel(name: string): SpecModel {
  let model = cache.get(name);
  if (!model) {
    model = createSpecModel(loadSpec(name), { name });
    cache.set(name, model);
  }
  return model;
}
