// The public API of a published package, as the SDK pages show it: the names, kinds and declarations of its
// committed API report (`api-report.md`, which check:packages keeps equal to the built surface), and the TSDoc
// of each name and of its members, read from the package's built declarations (dist/*.d.ts) with the
// TypeScript compiler. A small generator rather than TypeDoc: the report already is the reviewed surface, the
// compiler is already a dependency, and the pages join the site's own frame, anchors and search.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@assoc-feed/specs-tooling/apis';
import ts from 'typescript';

export interface ApiMember {
  name: string;
  optional: boolean;
  /** The member's type as declared (comments dropped). */
  type: string;
  doc: string;
}
export interface ApiItem {
  name: string;
  kind: string;
  /** The declaration as the API report gives it. */
  declaration: string;
  doc: string;
  /** The package the name comes from when this one only re-exports it. */
  reexportedFrom?: string;
  /** The name in the package it comes from, when re-exported under another name. */
  originalName?: string;
  /** Properties (interfaces, classes, option types), each with its TSDoc. */
  members: ApiMember[];
}
export interface ApiEntry {
  /** What a user imports: `@assoc-feed/core`, `@assoc-feed/mock/msw`. */
  specifier: string;
  items: ApiItem[];
}
export interface ApiPackage {
  name: string;
  /** packages/<dir> */
  dir: string;
  description: string;
  entries: ApiEntry[];
  bins: string[];
}

interface Manifest {
  name: string;
  description?: string;
  exports?: Record<string, unknown> | string;
  bin?: Record<string, string> | string;
}

/** `## \`spec\` (code)`, `### \`name\` (kind)` and its ```ts block, as tools/release/api-surface.ts writes them. */
export function parseApiReport(markdown: string): { specifier: string; kind: string; items: ApiItem[] }[] {
  const entries: { specifier: string; kind: string; items: ApiItem[] }[] = [];
  const blocks = markdown.split(/^(?=## |### )/m);
  for (const block of blocks) {
    const entry = /^## `([^`]+)` \((\w+)\)/.exec(block);
    if (entry) {
      entries.push({ specifier: entry[1] as string, kind: entry[2] as string, items: [] });
      continue;
    }
    const item = /^### `([^`]+)` \(([\w ]+)\)\n+```ts\n([\s\S]*?)\n```/.exec(block);
    const current = entries[entries.length - 1];
    if (!item || !current) continue;
    const declaration = item[3] as string;
    const re = /^re-exported from `([^`]+)`(?: \(as (\w+)\))?$/.exec(declaration);
    current.items.push({
      name: item[1] as string,
      kind: item[2] as string,
      declaration,
      doc: '',
      members: [],
      ...(re ? { reexportedFrom: re[1] as string, ...(re[2] ? { originalName: re[2] } : {}) } : {}),
    });
  }
  return entries;
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/**
 * A declaration's TSDoc as written (the compiler's own reading takes `@assoc-feed/mock` in a code span for a tag and
 * cuts the text there): the comment's raw text, with the tags a reader needs in words.
 */
function rawDoc(declaration: ts.Node): string {
  const docs = ts.getJSDocCommentsAndTags(declaration).filter(ts.isJSDoc);
  const last = docs[docs.length - 1];
  if (!last) return '';
  return last
    .getText()
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n')
    .replace(/^@(?:internal|see|since|typeParam|template)\b.*$/gm, '')
    .replace(/^@deprecated\b\s*/gm, 'Deprecated: ')
    .replace(/^@(?:default|defaultValue)\b\s*/gm, 'Default: ')
    .replace(/^@returns?\b\s*/gm, 'Returns: ')
    .replace(/^@throws\b\s*/gm, 'Throws: ')
    .replace(/^@param\s+(\w+)\s*-?\s*/gm, 'Parameter `$1`: ')
    .replace(/^@example\b\s*/gm, 'Example: ')
    .trim();
}

function docOf(symbol: ts.Symbol): string {
  const declaration = symbol.declarations?.find((d) => rawDoc(d));
  // {@link X} → `X`: the pages link names themselves.
  return (declaration ? rawDoc(declaration) : '')
    .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)(?:\s*\|\s*([^}]+))?\s*\}/g, (_, name, label) =>
      label ? `${label} (\`${name}\`)` : `\`${name}\``,
    )
    .trim();
}

function membersOf(target: ts.Symbol, kind: string, checker: ts.TypeChecker): ApiMember[] {
  const wanted =
    kind === 'interface' || kind === 'class' || (kind === 'type' && /Options$/.test(target.name));
  if (!wanted) return [];
  const type = checker.getDeclaredTypeOfSymbol(target);
  return checker
    .getPropertiesOfType(type)
    .filter((p) => !p.name.startsWith('#') && !p.name.startsWith('__'))
    .map((p) => {
      const decl = (p.valueDeclaration ?? p.declarations?.[0]) as ts.Declaration | undefined;
      const typeNode = decl && (decl as { type?: ts.TypeNode }).type;
      let typeText: string;
      if (typeNode) typeText = printer.printNode(ts.EmitHint.Unspecified, typeNode, decl.getSourceFile());
      else if (decl && ts.isMethodSignature(decl))
        typeText = printer.printNode(ts.EmitHint.Unspecified, decl, decl.getSourceFile()).replace(/;$/, '');
      else typeText = decl ? checker.typeToString(checker.getTypeOfSymbolAtLocation(p, decl)) : '';
      return {
        name: p.name,
        optional: Boolean(p.flags & ts.SymbolFlags.Optional),
        type: typeText.replace(/\s+/g, ' '),
        doc: docOf(p),
      };
    });
}

function typesFileOf(manifest: Manifest, specifier: string): string | undefined {
  const subpath = specifier === manifest.name ? '.' : `./${specifier.slice(manifest.name.length + 1)}`;
  const exportsField = manifest.exports;
  const value = typeof exportsField === 'object' ? exportsField[subpath] : undefined;
  const targets: string[] = [];
  const collect = (v: unknown) => {
    if (typeof v === 'string') targets.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  collect(value);
  return targets.find((t) => /\.d\.[cm]?ts$/.test(t));
}

function readManifest(dir: string): { root: string; manifest: Manifest } {
  const root = join(repoRoot, 'packages', dir);
  return { root, manifest: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest };
}

/**
 * The API of each packages/<dir>: its report's names and declarations, with the TSDoc of its built declarations.
 * One compiler program for all of them: the packages share most of their declarations (core's above all).
 */
export function readApiPackages(dirs: readonly string[]): ApiPackage[] {
  const read = dirs.map((dir) => {
    const { root, manifest } = readManifest(dir);
    const reportFile = join(root, 'api-report.md');
    if (!existsSync(reportFile))
      throw new Error(`docs: ${manifest.name} has no api-report.md: run \`pnpm api:report\` first`);
    const report = parseApiReport(readFileSync(reportFile, 'utf8')).filter(
      (e) => e.kind === 'code' && !/\/internal(?:\/|$)/.test(e.specifier),
    );
    const files = new Map<string, string>();
    for (const entry of report) {
      const types = typesFileOf(manifest, entry.specifier);
      const file = types && join(root, types);
      if (!file || !existsSync(file)) {
        throw new Error(
          `docs: ${entry.specifier} has no built declarations (${file ?? 'no types entry'}): build the packages first (pnpm docs:build does)`,
        );
      }
      files.set(entry.specifier, file);
    }
    return { dir, manifest, report, files };
  });
  const program = ts.createProgram(
    read.flatMap((r) => [...r.files.values()]),
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      noEmit: true,
      skipLibCheck: true,
      noLib: true,
      types: [],
    },
  );
  const checker = program.getTypeChecker();
  return read.map(({ dir, manifest, report, files }) => {
    const entries = report.map((entry) => {
      const source = program.getSourceFile(files.get(entry.specifier) as string);
      const moduleSymbol = source && checker.getSymbolAtLocation(source);
      const exported = new Map(
        (moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []).map((s) => [s.name, s] as const),
      );
      const items = entry.items.map((item) => {
        const symbol = exported.get(item.name);
        if (!symbol) return item;
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        return { ...item, doc: docOf(target), members: membersOf(target, item.kind, checker) };
      });
      return { specifier: entry.specifier, items };
    });
    const bins =
      typeof manifest.bin === 'string'
        ? [manifest.name.replace(/^@[^/]+\//, '')]
        : Object.keys(manifest.bin ?? {});
    return { name: manifest.name, dir, description: manifest.description ?? '', entries, bins };
  });
}
