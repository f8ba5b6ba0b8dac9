// The installed package's version, read by the program (`--version`) and by commands that record who wrote a
// file (sync's manifest): its own module, so a command never imports the program that imports it.
import { readFileSync } from 'node:fs';

/** The installed package's version (dist/ and src/ both sit one level below package.json). */
export function cliVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
