// The root README's getting-started code, as check:packages runs it: the fenced block right after each
// `<!-- getting-started:<name> -->` marker, verbatim. The README is the code the consumer runs, so a snippet that
// stops working fails the release check, and there is no second copy to drift.

export interface Snippet {
  /** From the marker: `esm` runs as an ES module (`.mjs`), `cjs` as CommonJS (`.cjs`). */
  name: 'esm' | 'cjs';
  /** The file the consumer writes it to. */
  file: string;
  code: string;
}

const marker = /<!-- getting-started:(\w+) -->\s*\n```(\w*)\n([\s\S]*?)\n```/g;
const extensions = { esm: 'mjs', cjs: 'cjs' } as const;

/** Both snippets, ESM and CommonJS; throws naming what is missing, so a README edit cannot drop one silently. */
export function gettingStartedSnippets(markdown: string): Snippet[] {
  const found = new Map<string, string>();
  for (const [, name = '', , code = ''] of markdown.matchAll(marker)) {
    if (!(name in extensions)) {
      throw new Error(
        `README: unknown snippet marker getting-started:${name}; use getting-started:esm or :cjs`,
      );
    }
    if (found.has(name)) throw new Error(`README: two getting-started:${name} snippets; keep one`);
    found.set(name, code);
  }
  return (Object.keys(extensions) as Snippet['name'][]).map((name) => {
    const code = found.get(name);
    if (code === undefined) {
      throw new Error(
        `README: no getting-started:${name} snippet: put <!-- getting-started:${name} --> right before its code fence`,
      );
    }
    return { name, file: `getting-started.${extensions[name]}`, code: `${code}\n` };
  });
}
